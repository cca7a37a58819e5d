import type { FastifyInstance } from 'fastify';
import { ApiProblem } from '../../http/ApiProblem.ts';
import type { AgencyPrincipal } from '../agencyAuthPlugin.ts';

/** `{x}` (or `{a}`) of SPEC 7's agency paths, documented once. */
export const agencyNumberParam = {
  type: 'string',
  maxLength: 100,
  description: 'The caller’s Agenturnummer; any other number answers 404 PSOF0601.',
} as const;

/**
 * `{x}` of SPEC 7's agency paths must be the caller's own Agenturnummer: the agency comes from the token,
 * the number only has to match it. Anything else is 404 PSOF0601, as for a row of another agency.
 */
export async function requireOwnAgencyNumber(
  app: FastifyInstance,
  agency: AgencyPrincipal,
  nr: string,
): Promise<void> {
  const own = await app.database.kysely
    .selectFrom('agency')
    .select('agenturnummer')
    .where('mandant_id', '=', agency.mandantId)
    .where('id', '=', agency.agencyId)
    .executeTakeFirst();
  if (!own || own.agenturnummer !== nr) throw new ApiProblem('PSOF0601');
}
