import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { BACKOFFICE_ROLES, type BackofficeRole } from '../../../domain/backofficeAbilities.ts';
import { wireDateTime } from '../../../domain/format.ts';
import type { BackofficeMitarbeiterZeile } from '../../../schemas/backofficeStaff.ts';
import { isEmailAddress } from '../../../schemas/forms/fields.ts';
import { hashToken, TOKEN_PATTERN } from '../../account/accountTokenRepository.ts';
import { assertNewPassword } from '../../account/passwordProblems.ts';
import { normalizeEmail } from '../../auth/normalizeEmail.ts';
import type { PasswordHasher } from '../../auth/passwordHasher.ts';
import type { DatabaseSchema } from '../../db/DatabaseSchema.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import type { MailService } from '../../mail/mailPlugin.ts';
import type { LoadedMandant } from '../../mandants/LoadedMandant.ts';
import { defineReport } from '../../reports/ReportDefinition.ts';
import { recordAudit } from '../audit/auditLog.ts';
import type { BackofficePrincipal } from '../backofficeAuthPlugin.ts';

type Db = Kysely<DatabaseSchema>;

/** How long an invitation's link works. */
export const BACKOFFICE_WELCOME_LINK_TTL_MINUTES = 72 * 60;

/**
 * What a change is checked against (no lost update): the status and the sorted roles as the admin saw them.
 * Two admins changing the same member at once: the second's `Stand` no longer matches (409 PSOF0705).
 */
export function staffStand(status: string, roles: readonly string[]): string {
  return `${status}:${[...roles].sort().join(',')}`;
}

function sortedRoles(roles: readonly BackofficeRole[]): BackofficeRole[] {
  return BACKOFFICE_ROLES.filter((role) => roles.includes(role));
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

const u = (column: string) => sql.ref(`u.${column}`);

/** The programme team as a report (issue 15: staff): every back-office user of the mandant. */
export const staffReport = defineReport<Record<string, never>, BackofficeMitarbeiterZeile>({
  name: 'backoffice.mitarbeiter',
  table: 'backoffice_user',
  alias: 'u',
  id: u('id'),
  idType: 'uuid',
  mandantColumn: u('mandant_id'),
  scope: () => sql<boolean>`true`,
  scopeKey: () => '',
  columns: [
    { name: 'Id', type: 'text', sql: u('id') },
    { name: 'Name', type: 'text', sql: u('name'), sortable: true, filterable: true },
    { name: 'Email', type: 'text', sql: u('email'), sortable: true, filterable: true },
    {
      name: 'Rollen',
      type: 'text',
      sql: sql`array_to_string(${u('roles')}, ',')`,
      filterable: true,
    },
    {
      name: 'Status',
      type: 'enum',
      values: ['active', 'inactive'],
      sql: u('status'),
      sortable: true,
      filterable: true,
    },
    {
      name: 'Anmeldung',
      type: 'text',
      sql: sql`case when ${u('sso_subject')} is not null then 'sso' when ${u('password_hash')} is null then 'eingeladen' else 'passwort' end`,
    },
    {
      name: 'LetzteAnmeldung',
      type: 'date',
      sql: u('last_login_at'),
      sortKey: sql`coalesce(${u('last_login_at')}, '-infinity'::timestamptz)`,
      sortable: true,
    },
    { name: 'Angelegt', type: 'date', sql: u('created_at'), sortable: true, filterable: true },
  ],
  defaultOrder: { OrderBy: 'Name', Descending: false },
  async toRows(_db, rows) {
    return rows.map((row) => {
      const roles = String(row.Rollen ?? '')
        .split(',')
        .filter(Boolean) as BackofficeRole[];
      const status = row.Status as 'active' | 'inactive';
      return {
        Id: String(row.Id),
        Name: String(row.Name),
        Email: String(row.Email),
        Rollen: sortedRoles(roles),
        Status: status,
        Anmeldung: row.Anmeldung as BackofficeMitarbeiterZeile['Anmeldung'],
        LetzteAnmeldung: row.LetzteAnmeldung ? wireDateTime(new Date(row.LetzteAnmeldung as string)) : null,
        Angelegt: wireDateTime(new Date(row.Angelegt as string)),
        Stand: staffStand(status, roles),
      };
    });
  },
});

export interface StaffServiceDeps {
  db: Db;
  mail: Pick<MailService, 'enqueue' | 'kick'>;
  passwordHasher: Pick<PasswordHasher, 'hash'>;
}

/**
 * The programme team (issue 15, ability staff): invite, change roles, deactivate and reactivate, each audited
 * in its transaction; and the invited member's first password by the mailed link.
 */
export function createBackofficeStaffService(deps: StaffServiceDeps) {
  const { db } = deps;

  async function rowOf(trx: Db, mandantId: string, id: string): Promise<BackofficeMitarbeiterZeile> {
    const [row] = await staffReport.toRows(
      trx,
      [
        await trx
          .selectFrom('backoffice_user')
          .select([
            'id as Id',
            'name as Name',
            'email as Email',
            sql<string>`array_to_string(roles, ',')`.as('Rollen'),
            'status as Status',
            sql<string>`case when sso_subject is not null then 'sso' when password_hash is null then 'eingeladen' else 'passwort' end`.as(
              'Anmeldung',
            ),
            'last_login_at as LetzteAnmeldung',
            'created_at as Angelegt',
            'id as __id',
          ])
          .where('mandant_id', '=', mandantId)
          .where('id', '=', id)
          .executeTakeFirstOrThrow(),
      ],
      {},
    );
    if (!row) throw new ApiProblem('PSOF0830');
    return row;
  }

  async function invite(input: {
    mandant: LoadedMandant;
    admin: BackofficePrincipal;
    body: { Name: string; Email: string; Rollen: BackofficeRole[] };
    language: string;
    origin: string;
  }): Promise<BackofficeMitarbeiterZeile> {
    const { admin, body } = input;
    const email = normalizeEmail(body.Email);
    if (!isEmailAddress(email))
      throw new ApiProblem('PSOF0302', [{ pointer: '/Email', reason: 'invalid e-mail' }]);
    try {
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('backoffice_user')
          .values({
            mandant_id: admin.mandantId,
            email,
            name: body.Name.trim(),
            roles: sortedRoles(body.Rollen),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const token = randomBytes(32).toString('base64url');
        await trx
          .insertInto('backoffice_user_token')
          .values({
            token_hash: hashToken(token),
            mandant_id: admin.mandantId,
            user_id: inserted.id,
            purpose: 'welcome',
            expires_at: sql<Date>`now() + make_interval(mins => ${BACKOFFICE_WELCOME_LINK_TTL_MINUTES}::int)`,
          })
          .execute();
        await deps.mail.enqueue(trx, {
          mandantId: admin.mandantId,
          to: email,
          language: input.language,
          template: 'backofficeStaffInvited',
          data: {
            name: body.Name.trim(),
            von: admin.name || admin.email,
            token,
            validHours: BACKOFFICE_WELCOME_LINK_TTL_MINUTES / 60,
          },
          origin: input.origin,
        });
        const created = await rowOf(trx, admin.mandantId, inserted.id);
        await recordAudit(trx, {
          mandantId: admin.mandantId,
          actor: admin.actor,
          action: 'staff.invited',
          subjectType: 'backofficeUser',
          subjectId: inserted.id,
          after: { Name: created.Name, Email: created.Email, Rollen: created.Rollen, Status: created.Status },
        });
        return created;
      });
      deps.mail.kick();
      return row;
    } catch (error) {
      if (isUniqueViolation(error))
        throw new ApiProblem('PSOF0833', [{ pointer: '/Email', reason: 'exists' }]);
      throw error;
    }
  }

  /** A change of roles or status, checked against `stand` and the admin's own access. */
  async function change(
    admin: BackofficePrincipal,
    id: string,
    stand: string,
    next: { roles?: BackofficeRole[]; status?: 'active' | 'inactive' },
  ): Promise<BackofficeMitarbeiterZeile> {
    if (id === admin.userId && next.roles && !next.roles.includes('admin')) throw new ApiProblem('PSOF0831');
    if (id === admin.userId && next.status === 'inactive') throw new ApiProblem('PSOF0832');
    return db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('backoffice_user')
        .select(['roles', 'status'])
        .where('mandant_id', '=', admin.mandantId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw new ApiProblem('PSOF0830');
      if (staffStand(before.status, before.roles) !== stand) throw new ApiProblem('PSOF0705');
      const roles = next.roles ? sortedRoles(next.roles) : before.roles;
      const status = next.status ?? before.status;
      await trx
        .updateTable('backoffice_user')
        .set({ roles, status })
        .where('mandant_id', '=', admin.mandantId)
        .where('id', '=', id)
        .execute();
      const action = next.roles
        ? 'staff.rolesChanged'
        : status === 'inactive'
          ? 'staff.deactivated'
          : 'staff.reactivated';
      await recordAudit(trx, {
        mandantId: admin.mandantId,
        actor: admin.actor,
        action,
        subjectType: 'backofficeUser',
        subjectId: id,
        before: { Rollen: sortedRoles(before.roles), Status: before.status },
        after: { Rollen: roles, Status: status },
      });
      return rowOf(trx, admin.mandantId, id);
    });
  }

  /**
   * PUT backoffice/passwortSetzen: the invitation's link sets the first password (the account's rules and
   * codes). The member then signs in with it and sets up the TOTP app. Unknown or expired link 410 PSOF0834,
   * used 409 PSOF0835; a deactivated member's link is refused like an expired one.
   */
  async function setPasswordWithLink(
    mandantId: string,
    token: string,
    password: string,
    confirmation: string,
  ): Promise<void> {
    assertNewPassword(password, confirmation);
    if (!TOKEN_PATTERN.test(token)) throw new ApiProblem('PSOF0834');
    const passwordHash = await deps.passwordHasher.hash(password);
    await db.transaction().execute(async (trx) => {
      const link = await trx
        .selectFrom('backoffice_user_token')
        .innerJoin('backoffice_user', 'backoffice_user.id', 'backoffice_user_token.user_id')
        .select([
          'backoffice_user_token.user_id',
          'backoffice_user_token.used_at',
          'backoffice_user.status',
          'backoffice_user.email',
          sql<boolean>`backoffice_user_token.expires_at > now()`.as('open'),
        ])
        .where('backoffice_user_token.token_hash', '=', hashToken(token))
        .where('backoffice_user_token.mandant_id', '=', mandantId)
        .forUpdate()
        .executeTakeFirst();
      if (!link) throw new ApiProblem('PSOF0834');
      if (link.used_at) throw new ApiProblem('PSOF0835');
      if (!link.open || link.status !== 'active') throw new ApiProblem('PSOF0834');
      await trx
        .updateTable('backoffice_user_token')
        .set({ used_at: sql<Date>`now()` })
        .where('token_hash', '=', hashToken(token))
        .execute();
      await trx
        .updateTable('backoffice_user')
        .set({ password_hash: passwordHash, password_changed_at: sql<Date>`now()` })
        .where('mandant_id', '=', mandantId)
        .where('id', '=', link.user_id)
        .execute();
      await recordAudit(trx, {
        mandantId,
        actor: { id: link.user_id, email: link.email },
        action: 'staff.passwordSet',
        subjectType: 'backofficeUser',
        subjectId: link.user_id,
      });
    });
  }

  return { invite, change, setPasswordWithLink };
}
