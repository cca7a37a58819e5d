import type { Kysely, Selectable } from 'kysely';
import { AGENCY_ROLES, type AgencyRole } from '../../schemas/account.ts';
import type {
  AgencyStatus,
  AgencyUserStatus,
  AgencyUserTable,
  DatabaseSchema,
} from '../db/DatabaseSchema.ts';
import { globalPlugin } from '../plugins/globalPlugin.ts';

export interface AgencyUser {
  id: string;
  mandantId: string;
  email: string;
  name: string;
  roles: AgencyRole[];
  status: AgencyUserStatus;
  /** The agency the user works for; null for a user not (yet) assigned to one. */
  agencyId: string | null;
  mitarbeiternummer: string | null;
  /** The agency's status (null without an agency): only an active agency's staff get into the area. */
  agencyStatus: AgencyStatus | null;
  /** When the password was last set or changed: sessions issued up to that second have ended. */
  passwordChangedAt: Date | null;
}

/**
 * Whether a session token issued at `iat` (whole seconds) ended with a later password change, as for
 * recommenders (server/account/sessionAccount.ts): the session the change hands out is issued in the next
 * second (`afterPasswordChange`).
 */
export function endedByPasswordChange(user: Pick<AgencyUser, 'passwordChangedAt'>, iat: number): boolean {
  const changed = user.passwordChangedAt;
  return changed !== null && iat <= Math.floor(changed.getTime() / 1000);
}

export interface NewAgencyUser {
  mandantId: string;
  /** Already normalised (normalizeEmail). */
  email: string;
  name: string;
  roles: AgencyRole[];
}

export interface AgencyUserRepository {
  findByEmail(mandantId: string, email: string): Promise<AgencyUser | undefined>;
  findById(mandantId: string, id: string): Promise<AgencyUser | undefined>;
  /** Inserts the users whose e-mail is still free in their mandant; returns how many it inserted. */
  insertMissing(users: readonly NewAgencyUser[]): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    agencyUserRepository: AgencyUserRepository;
  }
}

export const agencyUserRepositoryPlugin = globalPlugin('agencyUserRepository', async (app) => {
  const db = app.database.kysely;
  const repository: AgencyUserRepository = {
    async findByEmail(mandantId, email) {
      const row = await withAgencyStatus(db)
        .where('agency_user.mandant_id', '=', mandantId)
        .where('agency_user.email', '=', email)
        .executeTakeFirst();
      return row && toAgencyUser(row);
    },
    async findById(mandantId, id) {
      const row = await withAgencyStatus(db)
        .where('agency_user.mandant_id', '=', mandantId)
        .where('agency_user.id', '=', id)
        .executeTakeFirst();
      return row && toAgencyUser(row);
    },
    async insertMissing(users) {
      if (users.length === 0) return 0;
      const rows = await db
        .insertInto('agency_user')
        .values(
          users.map((user) => ({
            mandant_id: user.mandantId,
            email: user.email,
            name: user.name,
            roles: user.roles,
          })),
        )
        .onConflict((conflict) => conflict.columns(['mandant_id', 'email']).doNothing())
        .returning('id')
        .execute();
      return rows.length;
    },
  };
  app.decorate('agencyUserRepository', repository);
});

/** agency_user with its agency's status (left join: a user without an agency has none). */
function withAgencyStatus(db: Kysely<DatabaseSchema>) {
  return db
    .selectFrom('agency_user')
    .leftJoin('agency', 'agency.id', 'agency_user.agency_id')
    .selectAll('agency_user')
    .select('agency.status as agency_status');
}

function toAgencyUser(row: Selectable<AgencyUserTable> & { agency_status: AgencyStatus | null }): AgencyUser {
  return {
    id: row.id,
    mandantId: row.mandant_id,
    email: row.email,
    name: row.name,
    // The column's check constraint allows only these; the filter keeps the type honest.
    roles: row.roles.filter((role): role is AgencyRole => (AGENCY_ROLES as readonly string[]).includes(role)),
    status: row.status,
    agencyId: row.agency_id,
    mitarbeiternummer: row.mitarbeiternummer,
    agencyStatus: row.agency_status,
    passwordChangedAt: row.password_changed_at,
  };
}
