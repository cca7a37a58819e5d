import type { FastifyInstance } from 'fastify';
import { normalizeEmail } from '../../auth/normalizeEmail.ts';
import { EnvError } from '../../config/readEnv.ts';
import type { SsoArea } from './agencySsoPlugin.ts';
import { departmentClaimOf } from './departmentClaim.ts';
import {
  type LocalIdentityProvider,
  type LocalStaff,
  startLocalIdentityProvider,
} from './localIdentityProvider.ts';

/** Where `npm start` runs the local identity provider unless OIDC_LOCAL_PORT says otherwise. */
export const DEFAULT_OIDC_LOCAL_PORT = 4010;

/**
 * OIDC_LOCAL_PORT: the local identity provider's port; default 4010, or any free port when the platform
 * itself runs on one (PORT=0).
 */
export function readLocalProviderPort(env: NodeJS.ProcessEnv, platformPort: number): number {
  const raw = env.OIDC_LOCAL_PORT?.trim();
  const port = Number(raw || (platformPort === 0 ? 0 : DEFAULT_OIDC_LOCAL_PORT));
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new EnvError(`OIDC_LOCAL_PORT must be a port number (0-65535), not "${raw}"`);
  }
  return port;
}

/**
 * The agency staff the local provider knows: agency users of agencies with an `sso_department`, in the
 * mandant of the client asking, with their platform password (staff without one cannot sign in there); the
 * department claim carries their role (departmentClaim.ts).
 */
export function localStaffFinder(app: FastifyInstance) {
  return async (mandantId: string, login: string): Promise<LocalStaff | undefined> => {
    const email = normalizeEmail(login);
    const row = await app.database.kysely
      .selectFrom('agency_user')
      .innerJoin('agency', 'agency.id', 'agency_user.agency_id')
      .select([
        'agency_user.email',
        'agency_user.name',
        'agency_user.roles',
        'agency_user.password_hash',
        'agency.sso_department',
      ])
      .where('agency_user.mandant_id', '=', mandantId)
      .where('agency.mandant_id', '=', mandantId)
      .where('agency_user.email', '=', email)
      .where('agency.sso_department', 'is not', null)
      .executeTakeFirst();
    if (!row?.sso_department) return undefined;
    return {
      email: row.email,
      name: row.name,
      department: departmentClaimOf(row.sso_department, row.roles),
      checkPassword: async (password) => {
        if (row.password_hash) return app.passwordHasher.verify(row.password_hash, password);
        await app.passwordHasher.verifyDummy(password);
        return false;
      },
    };
  };
}

/**
 * The back-office team the local provider knows (issue 15): the mandant's back-office users with a platform
 * password (the demo team of demo/backoffice.json), inactive ones too (the platform refuses them, PSOF0703);
 * the `backoffice_roles` claim carries their stored roles.
 */
export function localBackofficeTeamFinder(app: FastifyInstance) {
  return async (mandantId: string, login: string): Promise<LocalStaff | undefined> => {
    const row = await app.database.kysely
      .selectFrom('backoffice_user')
      .select(['email', 'name', 'roles', 'password_hash'])
      .where('mandant_id', '=', mandantId)
      .where('email', '=', normalizeEmail(login))
      .where('password_hash', 'is not', null)
      .executeTakeFirst();
    if (!row?.password_hash) return undefined;
    const hash = row.password_hash;
    return {
      email: row.email,
      name: row.name,
      backofficeRoles: row.roles,
      checkPassword: (password) => app.passwordHasher.verify(hash, password),
    };
  };
}

/**
 * Starts the local identity provider for the mandants whose `agencySso.issuer` or `backofficeSso.issuer` is `local` and hands it to
 * the platform (`app.agencySso`). Nothing to start: undefined. A taken port is the caller's to report.
 */
export async function startLocalAgencyProvider(
  app: FastifyInstance,
  options: {
    port: number;
    host?: string;
    /** Staff the database does not know (tests: a department no agency has). */
    extraStaff?: (mandantId: string, login: string, area: SsoArea) => LocalStaff | undefined;
  },
): Promise<LocalIdentityProvider | undefined> {
  const clients = app.agencySso.localClients();
  if (clients.length === 0) return undefined;
  const fromDatabase = localStaffFinder(app);
  const backofficeTeam = localBackofficeTeamFinder(app);
  const provider = await startLocalIdentityProvider({
    port: options.port,
    ...(options.host ? { host: options.host } : {}),
    clients,
    findStaff: async (mandantId, login, area) =>
      options.extraStaff?.(mandantId, login, area) ??
      (area === 'backoffice' ? backofficeTeam(mandantId, login) : fromDatabase(mandantId, login)),
  });
  app.agencySso.attachLocalProvider({ issuer: provider.issuer, clientSecret: provider.clientSecret });
  return provider;
}
