import type { FastifyInstance, RouteOptions } from 'fastify';
import type { TokenKind } from '../auth/SessionTokens.ts';
import { globalPlugin } from '../plugins/globalPlugin.ts';

/**
 * Who may call a route (issue 17): one declared rule per route, read from the route itself. The auth hooks
 * carry their rule (`markAccess`), so a route behind `app.authenticate('user')`, `authenticateAgency(…)`,
 * `authenticateBackoffice(…)`, `authenticateRecipient` or the integration hook needs nothing more; a route
 * without such a hook declares it in its `config: { access }` or in DECLARED below. A route with neither is
 * `undeclared`, which tests/server/routeMatrix.test.ts refuses (docs/adr/0025-route-access-rules.md).
 */
export type RouteAccess =
  /** Anyone; a link token, code or password in the path or body may be the proof. */
  | { kind: 'public' }
  /** Guests too; a session token, when sent, must be valid for the mandant (else 401 PSOF0204). */
  | { kind: 'publicOrRecommender' }
  /** A recommender of the path's mandant (`app.authenticate('user')`). */
  | { kind: 'recommender' }
  /** A recommender or an agency user of the path's mandant (`app.authenticate('any')`). */
  | { kind: 'programmeUser' }
  /** An agency user of the path's mandant whose role has `ability` (`app.authenticateAgency`). */
  | { kind: 'agency'; ability: string }
  /** A route that checks an agency token itself and answers 401 PSOF0204 to anything else. */
  | { kind: 'agencyTokenCheck' }
  /** A back-office user of the path's mandant whose role has `ability` (`app.authenticateBackoffice`). */
  | { kind: 'backoffice'; ability: string }
  /** A recommender of the path's mandant with an active profi-seller row (`app.authenticateProfi()`, issue 16). */
  | { kind: 'profi'; ability: string }
  /** A recipient token of the path's mandant (`app.authenticateRecipient`; else 403 PSOF0334). */
  | { kind: 'recipient' }
  /** A reward link's token or the logged-in recommender, checked in the route (rewards/rewardAccess.ts). */
  | { kind: 'reward' }
  /** A signed integration key of the path's mandant (integration/integrationAuth.ts). */
  | { kind: 'integration' }
  /** Development only: the dev mail view, for a direct client on this machine. */
  | { kind: 'devOnly' }
  /** No rule found: a mistake that the route matrix test names. */
  | { kind: 'undeclared' };

export type RouteAccessKind = RouteAccess['kind'];

/** A registered route and its rule, as `app.routeAccess` lists it. */
export interface RouteAccessEntry {
  method: string;
  url: string;
  access: RouteAccess;
  /** Hidden from the API document (static files, the dev views). */
  hidden: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its declared access rule, in registration order (HEAD included). */
    routeAccess: readonly RouteAccessEntry[];
  }
  interface FastifyContextConfig {
    /** The access rule of a route without an auth hook (issue 17); the central table is preferred. */
    access?: RouteAccess;
  }
}

const ACCESS = Symbol.for('routeAccess');

/** Marks an auth hook with the rule it enforces, so that the routes behind it are listed with it. */
export function markAccess<Hook extends object>(hook: Hook, access: RouteAccess): Hook {
  Object.defineProperty(hook, ACCESS, { value: access, enumerable: false });
  return hook;
}

/** The rule a hook was marked with, if any. */
export function accessOf(hook: unknown): RouteAccess | undefined {
  return typeof hook === 'function' ? (hook as { [ACCESS]?: RouteAccess })[ACCESS] : undefined;
}

const PUBLIC: RouteAccess = { kind: 'public' };
const GUEST_OR_USER: RouteAccess = { kind: 'publicOrRecommender' };
const REWARD: RouteAccess = { kind: 'reward' };
const INTEGRATION: RouteAccess = { kind: 'integration' };
const API = '/api/v1/:mandant';

/**
 * The routes without an auth hook, by `METHOD url` (HEAD follows GET). A rule checked inside the route
 * (reward tokens, the agency token check, the newsletter's link-or-login) is declared here too.
 */
export const DECLARED: Readonly<Record<string, RouteAccess>> = {
  'GET /api/health': PUBLIC,
  'GET /api/docs': PUBLIC,
  'GET /api/v1/mandant/:mandant': PUBLIC,
  [`GET ${API}/route/default`]: PUBLIC,
  [`GET ${API}/route/additional`]: PUBLIC,
  [`GET ${API}/content/getlanguages`]: PUBLIC,
  [`GET ${API}/content/getlanguagecontent/:lang`]: PUBLIC,
  [`GET ${API}/content/entries/:id`]: PUBLIC,
  [`GET ${API}/content/faq`]: PUBLIC,
  [`GET ${API}/content/keyvisuals/:id`]: PUBLIC,
  [`GET ${API}/content/footnotes`]: PUBLIC,
  [`GET ${API}/content/footnotes/:identifier`]: PUBLIC,
  [`GET ${API}/content/assets/:id`]: PUBLIC,
  [`GET ${API}/content/variables`]: PUBLIC,
  [`POST ${API}/content/variables`]: PUBLIC,
  [`POST ${API}/content/agenturvariables/:id`]: PUBLIC,
  [`GET ${API}/kontakt`]: GUEST_OR_USER,
  [`POST ${API}/kontakt`]: GUEST_OR_USER,
  // Sign-up, sign-in and the mailed links: the address, the password or the link is the proof.
  [`POST ${API}/account/createEmpfehler`]: PUBLIC,
  [`GET ${API}/account/resendWelcomeMail/:id`]: PUBLIC,
  [`GET ${API}/account/resetPassword/:id`]: PUBLIC,
  [`PUT ${API}/account/validateResetPassword`]: PUBLIC,
  [`PUT ${API}/account/resetPassword`]: PUBLIC,
  [`GET ${API}/account/passwortvalidator`]: PUBLIC,
  [`POST ${API}/account/login`]: PUBLIC,
  [`GET ${API}/account/login`]: PUBLIC,
  [`GET ${API}/token/verifyAgenturToken`]: { kind: 'agencyTokenCheck' },
  [`GET ${API}/Einladung/:token`]: PUBLIC,
  [`POST ${API}/Einladung/:token/registrieren`]: PUBLIC,
  [`POST ${API}/agentur/login`]: PUBLIC,
  [`POST ${API}/agentur/registrieren`]: PUBLIC,
  [`PUT ${API}/agentur/bestaetigen`]: PUBLIC,
  [`PUT ${API}/agentur/registrieren/daten`]: PUBLIC,
  [`PUT ${API}/agentur/passwortVergessen`]: PUBLIC,
  [`PUT ${API}/agentur/passwortSetzen`]: PUBLIC,
  [`GET ${API}/agentur/sso`]: PUBLIC,
  [`PUT ${API}/agentur/sso`]: PUBLIC,
  // The catalogue.
  [`GET ${API}/produktkategorie`]: PUBLIC,
  [`GET ${API}/produkt`]: PUBLIC,
  [`GET ${API}/produkt/maxpraemiewert`]: PUBLIC,
  [`GET ${API}/produkt/hersteller`]: PUBLIC,
  [`GET ${API}/produkt/handytarife/:id`]: PUBLIC,
  [`GET ${API}/produkt/extern/:id`]: PUBLIC,
  [`GET ${API}/produkt/:id`]: PUBLIC,
  [`GET ${API}/produkt/berater`]: PUBLIC,
  [`GET ${API}/produkt/agents`]: PUBLIC,
  [`GET ${API}/produktkategorie/:id/grafik`]: PUBLIC,
  [`GET ${API}/produktkategorie/:id/icon`]: PUBLIC,
  [`GET ${API}/produkt/:id/grafik`]: PUBLIC,
  [`GET ${API}/produkt/:id/sgrafik`]: PUBLIC,
  [`GET ${API}/captcha/challenge`]: PUBLIC,
  // Recommending and sharing: guests too; the owner proves itself by login or X-Empfehlung-Token.
  [`POST ${API}/Empfehlen/create`]: GUEST_OR_USER,
  [`GET ${API}/empfehlen/:nr`]: GUEST_OR_USER,
  [`PUT ${API}/empfehlung/:nr`]: GUEST_OR_USER,
  [`GET ${API}/empfehlung/:nr/produkt/produktlink`]: PUBLIC,
  [`GET ${API}/empfehlung/:nr/qr.svg`]: PUBLIC,
  [`GET ${API}/aktion/alleAktiven`]: PUBLIC,
  [`POST ${API}/Empfehlen/optin`]: PUBLIC,
  [`POST ${API}/Empfehlen/optin/resend`]: PUBLIC,
  // The recipient's link: number and hex (or the code) are the proof.
  [`GET ${API}/empfehlen/:nr/:hex`]: PUBLIC,
  [`GET ${API}/empfehlen/any/:nr/:hex`]: PUBLIC,
  [`GET ${API}/empfaenger/:hex`]: PUBLIC,
  [`GET ${API}/empfehlung/empfehlungscode/:code`]: PUBLIC,
  [`GET ${API}/empfaenger/:nr/praemie`]: PUBLIC,
  [`POST ${API}/empfaenger/create/:nr`]: PUBLIC,
  // A reward link's token or the logged-in recommender (SPEC 6).
  [`GET ${API}/empfehler/bankdaten`]: REWARD,
  [`PUT ${API}/empfehler/bankdaten`]: REWARD,
  [`DELETE ${API}/empfehler/bankdaten`]: REWARD,
  [`GET ${API}/empfehler/GetResultFromKundennummer`]: REWARD,
  [`PUT ${API}/empfehler/SetKundennummerForEmpfehler/:id`]: REWARD,
  [`GET ${API}/praemierung`]: REWARD,
  [`PUT ${API}/praemierung`]: REWARD,
  [`GET ${API}/praemierung/showbanner/BannerTEZuTP`]: REWARD,
  // The mailed link's token in the path, or (logged in) one's own reward id: checked in the route.
  [`GET ${API}/empfehler/praemierungmail/:id`]: PUBLIC,
  [`PUT ${API}/empfehler/newsletter/optin`]: PUBLIC,
  // The unsubscribe link's token in the body, else the session (401 PSOF0210 without one).
  [`PUT ${API}/empfehler/newsletter/optout`]: { kind: 'recommender' },
  [`GET ${API}/praemie`]: PUBLIC,
  [`GET ${API}/praemie/:id/:variant`]: PUBLIC,
  [`GET ${API}/praemie/:id/:variant/:token`]: PUBLIC,
  // The integration API: its plugin's preValidation hook (integration/integrationAuth.ts).
  [`POST ${API}/integration/events`]: INTEGRATION,
  [`POST ${API}/integration/events/import`]: INTEGRATION,
  [`POST ${API}/integration/orders/:auftragsnummer/review`]: INTEGRATION,
  [`POST ${API}/integration/payout-runs`]: INTEGRATION,
  [`GET ${API}/integration/payout-runs/:id`]: INTEGRATION,
  [`GET ${API}/integration/payout-runs/:id/sepa`]: INTEGRATION,
  [`POST ${API}/integration/payout-runs/:id/executed`]: INTEGRATION,
  [`POST ${API}/integration/vouchers/import`]: INTEGRATION,
  [`GET ${API}/integration/vouchers`]: INTEGRATION,
  // Back-office sign-in and the invited member's first password.
  [`POST ${API}/backoffice/login`]: PUBLIC,
  [`POST ${API}/backoffice/login/totp`]: PUBLIC,
  [`GET ${API}/backoffice/sso`]: PUBLIC,
  [`PUT ${API}/backoffice/sso`]: PUBLIC,
  [`PUT ${API}/backoffice/passwortSetzen`]: PUBLIC,
  // Shared links and static files.
  'GET /empfehlen/click/:nr': PUBLIC,
  'GET /e/:nr': PUBLIC,
  [`GET ${API}/empfehlen/click/:nr`]: PUBLIC,
  'GET /dev/mails': { kind: 'devOnly' },
  'GET /dev/mails/:id': { kind: 'devOnly' },
  'GET /dev/mails/:id/html': { kind: 'devOnly' },
  'GET /assets/*': PUBLIC,
  'GET /mandant-assets/:mandant/theme.css': PUBLIC,
  'GET /mandant-assets/:mandant/*': PUBLIC,
};

/** The rule of a route: its hooks' mark, else its `config.access`, else DECLARED, else undeclared. */
export function ruleOf(
  route: Pick<RouteOptions, 'onRequest' | 'preValidation' | 'preHandler' | 'config' | 'url'>,
  method: string,
): RouteAccess {
  for (const hooks of [route.onRequest, route.preValidation, route.preHandler]) {
    for (const hook of [hooks ?? []].flat()) {
      const access = accessOf(hook);
      if (access) return access;
    }
  }
  const config = route.config as { access?: RouteAccess } | undefined;
  if (config?.access) return config.access;
  return DECLARED[`${method === 'HEAD' ? 'GET' : method} ${route.url}`] ?? { kind: 'undeclared' };
}

/** The rule in words, for the API document. */
export function describeAccess(access: RouteAccess): string {
  switch (access.kind) {
    case 'public':
      return 'Access: public (no login).';
    case 'publicOrRecommender':
      return 'Access: public; a session token, when sent, must be valid for this mandant (else 401 PSOF0204).';
    case 'recommender':
      return 'Access: a logged-in recommender of this mandant (no token 401 PSOF0210, another kind 403 PSOF0202).';
    case 'programmeUser':
      return 'Access: a logged-in recommender or agency user of this mandant (no token 401 PSOF0210, a back-office token 403 PSOF0202).';
    case 'agencyTokenCheck':
      return 'Access: an agency token of this mandant, checked by the route (anything else 401 PSOF0204).';
    case 'recipient':
      return 'Access: a recipient token of this mandant (else 403 PSOF0334).';
    case 'reward':
      return "Access: a reward link's token or the logged-in recommender of this mandant (neither: 401).";
    case 'integration':
      return 'Access: a signed integration key of this mandant (else 401 PSOF0500/PSOF0501).';
    case 'devOnly':
      return 'Access: development only, a direct client on this machine.';
    case 'agency':
    case 'backoffice':
      return `Access: ${access.kind} users of this mandant with the ability "${access.ability}".`;
    case 'profi':
      return 'Access: a profi-seller of this mandant (a recommender token whose account has an active seller record; no token 401 PSOF0210, another kind 403 PSOF0202, no seller 403 PSOF0940).';
    case 'undeclared':
      return 'Access: undeclared.';
  }
}

/** The rule `app.authenticate(kind)` enforces. */
const SESSION_RULES: Record<TokenKind | 'any', RouteAccess> = {
  user: { kind: 'recommender' },
  any: { kind: 'programmeUser' },
  agency: { kind: 'agency', ability: 'any' },
  backoffice: { kind: 'backoffice', ability: 'any' },
};

/**
 * Lists every route with its rule as `app.routeAccess` and states the rule in the API document (the
 * agency and back-office hooks write their own sentence). Marks the hooks that `app.authenticate`,
 * `app.authenticateAgency` and `app.authenticateBackoffice` make and `app.authenticateRecipient`, so their
 * plugins need not know about rules. Register after those plugins and before any route.
 */
export const routeAccessPlugin = globalPlugin('routeAccess', async (app: FastifyInstance) => {
  const authenticate = app.authenticate;
  const authenticateAgency = app.authenticateAgency;
  const authenticateBackoffice = app.authenticateBackoffice;
  app.authenticate = (kind) => markAccess(authenticate(kind), SESSION_RULES[kind]);
  app.authenticateAgency = (ability) => markAccess(authenticateAgency(ability), { kind: 'agency', ability });
  app.authenticateBackoffice = (ability) =>
    markAccess(authenticateBackoffice(ability), { kind: 'backoffice', ability });
  markAccess(app.authenticateRecipient, { kind: 'recipient' });

  const entries: RouteAccessEntry[] = [];
  app.decorate('routeAccess', entries);
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { hide?: boolean; description?: string } | undefined;
    const methods = [route.method].flat();
    for (const method of methods) {
      entries.push({ method, url: route.url, access: ruleOf(route, method), hidden: schema?.hide === true });
    }
    const access = ruleOf(route, methods[0] ?? 'GET');
    if (!schema || schema.hide || access.kind === 'agency' || access.kind === 'backoffice') return;
    if (schema.description?.includes('Access:')) return;
    schema.description = [schema.description, describeAccess(access)].filter(Boolean).join(' ');
  });
});
