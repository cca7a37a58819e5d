import type { FastifyInstance } from 'fastify';
import { abilitiesOf } from '../../domain/agencyAbilities.ts';
import type { AgencyTokenResponse } from '../../schemas/account.ts';
import type { AgencyUser } from './agencyUserRepository.ts';

/**
 * What a sign-in hands the runtime (token check, SSO, e-mail and password): the token, the user, the roles'
 * abilities and the agency. One shape for every way in.
 */
export async function agencyTokenResponse(
  app: FastifyInstance,
  token: string,
  user: AgencyUser,
): Promise<AgencyTokenResponse> {
  const agency = user.agencyId
    ? await app.database.kysely
        .selectFrom('agency')
        .select(['agenturnummer', 'firma'])
        .where('mandant_id', '=', user.mandantId)
        .where('id', '=', user.agencyId)
        .executeTakeFirst()
    : undefined;
  return {
    Token: token,
    Roles: user.roles,
    Email: user.email,
    Name: user.name,
    Abilities: abilitiesOf(user.roles),
    Agentur: agency ? { Agenturnummer: agency.agenturnummer, Firma: agency.firma } : null,
  };
}
