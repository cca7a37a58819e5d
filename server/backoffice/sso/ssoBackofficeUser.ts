import type { Kysely } from 'kysely';
import {
  BACKOFFICE_ROLES,
  type BackofficeRole,
  isBackofficeRole,
} from '../../../domain/backofficeAbilities.ts';
import { normalizeEmail } from '../../auth/normalizeEmail.ts';
import type { DatabaseSchema } from '../../db/DatabaseSchema.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import { recordAudit } from '../audit/auditLog.ts';
import { type BackofficeUser, findBackofficeUserById } from '../backofficeUsers.ts';

/**
 * The `backoffice_roles` claim: an array or a space-(or comma-)separated string; unknown values are
 * ignored, duplicates dropped, in the order of BACKOFFICE_ROLES. No valid role: an empty list.
 */
export function parseBackofficeRolesClaim(claim: unknown): BackofficeRole[] {
  const values = Array.isArray(claim) ? claim : typeof claim === 'string' ? claim.split(/[\s,]+/) : [];
  const named = new Set(values.filter(isBackofficeRole));
  return BACKOFFICE_ROLES.filter((role) => named.has(role));
}

export interface SsoIdentity {
  mandantId: string;
  subject: string;
  email: string;
  name: string;
  roles: BackofficeRole[];
}

/**
 * One transaction: the back-office user by SSO subject, else by e-mail in the mandant (the subject is stored
 * then), else a new user. The IdP is the source of truth for SSO users: its roles (and name, when it sends
 * one) replace the stored ones at every sign-in. An inactive user: 403 PSOF0703, nothing changed; a
 * concurrent first sign-in of the same person: 409 PSOF0705 for the loser. Writes
 * `login.succeeded` (method `sso`) to the audit log, with the roles before and after when they changed.
 */
export async function signInSsoBackofficeUser(
  db: Kysely<DatabaseSchema>,
  identity: SsoIdentity,
): Promise<BackofficeUser> {
  const email = normalizeEmail(identity.email);
  const outcome = await db.transaction().execute(async (trx) => {
    const existing =
      (await trx
        .selectFrom('backoffice_user')
        .select(['id', 'status', 'roles', 'sso_subject'])
        .where('mandant_id', '=', identity.mandantId)
        .where('sso_subject', '=', identity.subject)
        .forUpdate()
        .executeTakeFirst()) ??
      (await trx
        .selectFrom('backoffice_user')
        .select(['id', 'status', 'roles', 'sso_subject'])
        .where('mandant_id', '=', identity.mandantId)
        .where('email', '=', email)
        .forUpdate()
        .executeTakeFirst());
    if (existing?.status === 'inactive') return 'inactive' as const;
    let id: string;
    let created = false;
    if (existing) {
      id = existing.id;
      await trx
        .updateTable('backoffice_user')
        .set({
          roles: identity.roles,
          sso_subject: identity.subject,
          last_login_at: new Date(),
          ...(identity.name ? { name: identity.name } : {}),
        })
        .where('mandant_id', '=', identity.mandantId)
        .where('id', '=', id)
        .execute();
    } else {
      const row = await trx
        .insertInto('backoffice_user')
        .values({
          mandant_id: identity.mandantId,
          email,
          name: identity.name,
          roles: identity.roles,
          sso_subject: identity.subject,
          last_login_at: new Date(),
        })
        // The same person's first sign-in in another tab at the same moment: one wins, this one is 409.
        .onConflict((conflict) => conflict.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) throw new ApiProblem('PSOF0705');
      id = row.id;
      created = true;
    }
    const user = await findBackofficeUserById(trx, identity.mandantId, id);
    if (!user) throw new ApiProblem('PSOF0841');
    const rolesChanged =
      existing !== undefined && [...existing.roles].sort().join() !== [...identity.roles].sort().join();
    await recordAudit(trx, {
      mandantId: identity.mandantId,
      actor: { id: user.id, email: user.email },
      action: 'login.succeeded',
      subjectType: 'backofficeUser',
      subjectId: user.id,
      ...(rolesChanged ? { before: { roles: existing.roles } } : {}),
      after: {
        method: 'sso',
        ...(created || rolesChanged ? { roles: identity.roles } : {}),
        ...(created ? { created: true } : {}),
      },
    });
    return user;
  });
  if (outcome === 'inactive') throw new ApiProblem('PSOF0703');
  return outcome;
}
