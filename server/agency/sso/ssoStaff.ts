import type { Kysely } from 'kysely';
import { normalizeEmail } from '../../auth/normalizeEmail.ts';
import type { DatabaseSchema } from '../../db/DatabaseSchema.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import { assertAgencyUserCanSignIn } from '../assertAgencyUserCanSignIn.ts';
import type { SsoRole } from './departmentClaim.ts';

export interface SsoIdentity {
  mandantId: string;
  agencyId: string;
  /** The provider's `sub`. */
  subject: string;
  email: string;
  name: string;
  role: SsoRole;
}

/**
 * The agency user behind a verified SSO identity (issue 14): found by the provider's subject, else by
 * e-mail within the mandant, else created in the claim's agency. A user of another agency is refused
 * (PSOF0615); a blocked or deactivated one too (assertAgencyUserCanSignIn). The role comes from the claim
 * on every sign-in; the first sign-in links the subject. Returns the user's id.
 */
export async function signInSsoStaff(db: Kysely<DatabaseSchema>, identity: SsoIdentity): Promise<string> {
  const email = normalizeEmail(identity.email);
  const name = identity.name.trim().slice(0, 200) || email;
  return db.transaction().execute(async (trx) => {
    const bySubject = await trx
      .selectFrom('agency_user')
      .select(['id', 'agency_id', 'status'])
      .where('mandant_id', '=', identity.mandantId)
      .where('sso_subject', '=', identity.subject)
      .forUpdate()
      .executeTakeFirst();
    const existing =
      bySubject ??
      (await trx
        .selectFrom('agency_user')
        .select(['id', 'agency_id', 'status'])
        .where('mandant_id', '=', identity.mandantId)
        .where('email', '=', email)
        .forUpdate()
        .executeTakeFirst());
    if (existing) {
      if (existing.agency_id !== null && existing.agency_id !== identity.agencyId) {
        throw new ApiProblem('PSOF0615');
      }
      assertAgencyUserCanSignIn(existing);
      await trx
        .updateTable('agency_user')
        .set({
          agency_id: identity.agencyId,
          sso_subject: identity.subject,
          roles: [identity.role],
          name,
        })
        .where('mandant_id', '=', identity.mandantId)
        .where('id', '=', existing.id)
        .execute();
      return existing.id;
    }
    const created = await trx
      .insertInto('agency_user')
      .values({
        mandant_id: identity.mandantId,
        email,
        name,
        roles: [identity.role],
        agency_id: identity.agencyId,
        sso_subject: identity.subject,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return created.id;
  });
}
