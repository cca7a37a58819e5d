import type { FastifyInstance } from 'fastify';
import { adminLoginPath } from '../account/adminLoginPath.ts';
import { demoRewardToken } from './demoRewardLink.ts';

/** Where the runtime shows these pages when the mandant's routes do not name them. */
const DEFAULT_AGENCY_LOGIN_PATH = '/agentur/login';
const DEFAULT_BACKOFFICE_LOGIN_PATH = '/backoffice/anmelden';

/**
 * What the start prints about the demo accounts: per mandant the e-mail and published password of each
 * demo recommender, agency staff member and back-office member (all from `mandants/{id}/demo/`, created by
 * DEMO_ACCOUNTS). Live credentials — an agency login link with a fresh agency token, an admin login link with
 * a fresh single-use login token (SPEC: the admin token is appended to the login path) and a reward link —
 * only when `links` is asked for (DEMO_LOGIN_LINKS, on with `npm start`), and only for demo accounts.
 * With `only` (DEMO_LOGINS_OF, set by `npm run mandant -- preview NAME`) just that mandant's.
 * Printed to the console for the person starting the demo, never written to the log. Empty when
 * DEMO_ACCOUNTS=false: then nothing secret is printed at all.
 */
export async function demoLoginLines(
  app: FastifyInstance,
  port: number,
  options: { links: boolean; only?: string },
): Promise<string[]> {
  if (app.demoAccounts.size === 0) return [];
  const lines = ['  Demo accounts (demo data only, not for production; DEMO_ACCOUNTS=false turns them off):'];
  for (const [id, accounts] of app.demoAccounts) {
    // `npm run mandant -- preview NAME` (DEMO_LOGINS_OF): only the previewed mandant's logins.
    if (options.only !== undefined && id !== options.only) continue;
    const mandant = app.mandants.get(id);
    if (!mandant) continue;
    const { routes, SupportedLanguage } = mandant.config;
    const base = `http://${id}.localhost:${port}/${SupportedLanguage.Standard}`;
    lines.push(`    ${id}`);
    for (const recommender of accounts.recommenders) {
      const status = recommender.status === 'active' ? '' : `  (${recommender.status})`;
      lines.push(`      ${recommender.email} / ${recommender.password}${status}`);
    }
    const agencyUser = accounts.agencyUsers[0];
    if (agencyUser && options.links) {
      const token = await app.issueAgencyToken(id, agencyUser.email);
      const path = routes.AgencyLogin ?? DEFAULT_AGENCY_LOGIN_PATH;
      lines.push(`      agency login (${agencyUser.email}): ${base}${path}?t=${token}`);
    }
    for (const agency of app.demoAgencies.get(id) ?? []) {
      const path = routes.AgencyLogin ?? DEFAULT_AGENCY_LOGIN_PATH;
      lines.push(`      agency ${agency.agenturnummer} (e-mail and password at ${base}${path}):`);
      for (const member of agency.staff.filter((staff) => staff.password)) {
        lines.push(`        ${member.email} / ${member.password}  (${member.roles.join(', ')})`);
      }
    }
    for (const seller of app.demoProfiSellers.get(id) ?? []) {
      // Issue 16: a profi-seller signs in like a recommender and finds the profi area.
      lines.push(`      profi-seller ${seller.email} / ${seller.password}  (${seller.daten.Steuerstatus})`);
    }
    const backoffice = app.demoBackoffice.get(id) ?? [];
    if (backoffice.length > 0) {
      const path = routes.BackofficeLogin ?? DEFAULT_BACKOFFICE_LOGIN_PATH;
      lines.push(`      back office (e-mail, password and a TOTP code at ${base}${path}):`);
      for (const member of backoffice) {
        const totp = member.totpSecret ? `TOTP secret ${member.totpSecret}` : 'TOTP set up at first sign-in';
        lines.push(`        ${member.email} / ${member.password}  (${member.roles.join(', ')}; ${totp})`);
      }
    }
    if (!options.links) continue;
    const admin = accounts.recommenders.find((recommender) => recommender.status === 'active');
    if (admin) {
      const token = await app.issueLoginToken(id, admin.email);
      // SPEC: the admin token is appended to the login path; the Admin route names where (`/login/:token`).
      const path = adminLoginPath(routes, token);
      const minutes = app.config.loginTokenTtlMinutes;
      lines.push(`      admin login (${admin.email}, once, ${minutes} min): ${base}${path}`);
    }
    const reward = await demoRewardToken(
      app.database.kysely,
      id,
      accounts.recommenders.map((recommender) => recommender.email),
    );
    const rewardPath = routes.Reward;
    if (reward && rewardPath) {
      lines.push(
        `      reward link without login (${reward.email}): ${base}${rewardPath}?token=${reward.token}`,
      );
    }
  }
  if (!options.links) {
    lines.push('    (login links with live tokens: DEMO_LOGIN_LINKS=true, or npm start)');
  }
  return [...lines, ''];
}
