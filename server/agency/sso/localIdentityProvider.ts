import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { AGENCY_SSO_SCOPE } from '../../../schemas/agencySso.ts';
import { BACKOFFICE_ROLES_CLAIM, BACKOFFICE_SSO_SCOPE } from '../../../schemas/backofficeSso.ts';
import type { SsoArea } from './agencySsoPlugin.ts';
import { isLoopbackUrl } from './loopback.ts';

/** A person the local provider knows: what its claims say (the `department` mapping: departmentClaim.ts). */
export interface LocalStaff {
  email: string;
  name: string;
  /** Agency staff: the `department` claim. */
  department?: string;
  /** Back-office team: the `backoffice_roles` claim (issue 15). */
  backofficeRoles?: string[];
  /** Whether `password` is this person's password at the provider. */
  checkPassword(password: string): Promise<boolean>;
}

/** One client of the local provider: the platform for one mandant whose `agencySso.issuer` is `local`. */
export interface LocalClient {
  mandantId: string;
  clientId: string;
  /** Agency sign-in (scope with `department`) or back office (scope with `backoffice_roles`). */
  area: SsoArea;
}

/** What each area's client is granted (the platform is first party: no consent page). */
const SCOPE_OF_AREA: Record<SsoArea, string> = {
  agency: AGENCY_SSO_SCOPE,
  backoffice: BACKOFFICE_SSO_SCOPE,
};

export interface LocalIdentityProviderOptions {
  /** 0: any free port (tests). */
  port: number;
  host?: string;
  clients: readonly LocalClient[];
  /** The staff of the mandant behind `login` (what was typed into the sign-in form), if any. */
  findStaff: (mandantId: string, login: string, area: SsoArea) => Promise<LocalStaff | undefined>;
}

export interface LocalIdentityProvider {
  /** http://localhost:PORT — the issuer the platform discovers. */
  issuer: string;
  /** The one client secret of this run (client_secret_basic); handed to the platform in the process. */
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * The demo's OpenID Connect provider (issue 14, SPEC 9), on loopback only: `npm start` runs it for the
 * mandants whose `agencySso.issuer` is `local`, the tests start one on a free port. oidc-provider with a
 * small sign-in page of its own (e-mail and password, German or English after `ui_locales`; no external
 * fonts or scripts) and without a consent page for the platform, which is first party. Authorization code
 * flow only, PKCE S256 required, scope `openid department az_basic`: `department` gives the claim
 * `department`, `az_basic` gives `email` and `name`. Keys, cookie keys and the client secret are new on every
 * start; nothing is persisted (sign-ins do not survive a restart).
 *
 * Redirect URIs: the platform is served from several loopback origins (localhost, NAME.localhost, any
 * port), so any http(s) loopback URI is accepted for these clients — never a URI on another host.
 */
export async function startLocalIdentityProvider(
  options: LocalIdentityProviderOptions,
): Promise<LocalIdentityProvider> {
  let handle: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => {
    response.statusCode = 503;
    response.end();
  };
  const server = createServer((request, response) => handle(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? 'localhost', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://localhost:${port}`;
  const clientSecret = randomBytes(32).toString('base64url');
  const mandantOfClient = new Map(options.clients.map((client) => [client.clientId, client]));

  const provider = new Provider(issuer, configuration(options, clientSecret, mandantOfClient));
  allowLoopbackRedirects(provider);
  const callback = provider.callback();
  const signIn = signInPage(provider, options.findStaff, mandantOfClient);
  handle = (request, response) => {
    const path = new URL(request.url ?? '/', issuer).pathname;
    const uid = /^\/interaction\/([\w-]{1,100})$/.exec(path)?.[1];
    if (uid) {
      signIn(request, response).catch(() => {
        if (!response.headersSent) sendPage(response, 400, 'en', pageText.en.expired);
      });
    } else if (path === '/favicon.ico') {
      response.statusCode = 204;
      response.end();
    } else {
      void callback(request, response);
    }
  };

  return {
    issuer,
    clientSecret,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function configuration(
  options: LocalIdentityProviderOptions,
  clientSecret: string,
  mandantOfClient: ReadonlyMap<string, LocalClient>,
): Configuration {
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  return {
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: clientSecret,
      // A placeholder: every loopback URI is allowed (allowLoopbackRedirects).
      redirect_uris: ['http://localhost/agentur/login'],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    jwks: { keys: [{ ...signingKey, kid: randomBytes(8).toString('hex'), use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    // Seconds; a demo sign-in lasts a working day.
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 28800,
      Grant: 28800,
    },
    pkce: { required: () => true },
    responseTypes: ['code'],
    scopes: [...new Set(`${AGENCY_SSO_SCOPE} ${BACKOFFICE_SSO_SCOPE}`.split(' '))],
    claims: {
      openid: ['sub'],
      department: ['department'],
      [BACKOFFICE_ROLES_CLAIM]: [BACKOFFICE_ROLES_CLAIM],
      az_basic: ['email', 'name'],
    },
    // The scopes' claims in the ID token as well as from userinfo: one place for the platform to read.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // The platform is first party: no consent page, the grant covers the agency scope.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const client = ctx.oidc.client;
      const session = ctx.oidc.session;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (existing) return existing;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(SCOPE_OF_AREA[mandantOfClient.get(client.clientId)?.area ?? 'agency']);
      await grant.save();
      return grant;
    },
    async findAccount(ctx: KoaContextWithOIDC, id: string) {
      const client = ctx.oidc.client ? mandantOfClient.get(ctx.oidc.client.clientId) : undefined;
      const staff = client ? await options.findStaff(client.mandantId, id, client.area) : undefined;
      if (!staff) return undefined;
      // The subject is what was typed into the sign-in form (the platform links it on the first sign-in).
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email: staff.email,
          name: staff.name,
          ...(staff.department === undefined ? {} : { department: staff.department }),
          ...(staff.backofficeRoles === undefined ? {} : { [BACKOFFICE_ROLES_CLAIM]: staff.backofficeRoles }),
        }),
      };
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error</title></head><body><main><h1>Sign-in error</h1><p>${escapeHtml(String(out.error_description ?? out.error))}</p></main></body></html>`;
    },
  };
}

/** Any loopback redirect URI (the platform's origins on this machine), nothing else. */
function allowLoopbackRedirects(provider: Provider): void {
  const prototype = provider.Client.prototype as { redirectUriAllowed(value: string): boolean };
  const registered = prototype.redirectUriAllowed;
  prototype.redirectUriAllowed = function redirectUriAllowed(this: unknown, value: string) {
    return isLoopbackUrl(value) || registered.call(this, value);
  };
}

const pageText = {
  de: {
    title: 'Anmeldung bei der Agentur',
    intro:
      'Lokaler Anmeldedienst der Demo: Melden Sie sich mit E-Mail-Adresse und Passwort Ihres Agenturzugangs an.',
    email: 'E-Mail-Adresse',
    password: 'Passwort',
    submit: 'Anmelden',
    wrong: 'E-Mail-Adresse oder Passwort ist falsch.',
    expired: 'Diese Anmeldung ist abgelaufen. Bitte beginnen Sie sie erneut.',
  },
  en: {
    title: 'Agency sign-in',
    intro:
      'The demo’s local sign-in service: sign in with the e-mail address and password of your agency access.',
    email: 'E-mail address',
    password: 'Password',
    submit: 'Sign in',
    wrong: 'E-mail address or password is wrong.',
    expired: 'This sign-in has expired. Please start it again.',
  },
} as const;
type PageLanguage = keyof typeof pageText;
type PageTexts = { [key in keyof (typeof pageText)['de']]: string };

/** The back office's client (issue 15): the same form, its own heading and intro. */
const backofficePageText = {
  de: {
    title: 'Anmeldung im Backoffice',
    intro:
      'Lokaler Anmeldedienst der Demo: Melden Sie sich mit E-Mail-Adresse und Passwort Ihres Backoffice-Zugangs an.',
  },
  en: {
    title: 'Back-office sign-in',
    intro:
      'The demo’s local sign-in service: sign in with the e-mail address and password of your back-office access.',
  },
} as const;

/**
 * GET /interaction/{uid}: the sign-in form; POST: checks e-mail and password and finishes the login
 * prompt (the consent prompt does not come up: loadExistingGrant grants the platform its scope).
 */
function signInPage(
  provider: Provider,
  findStaff: LocalIdentityProviderOptions['findStaff'],
  mandantOfClient: ReadonlyMap<string, LocalClient>,
) {
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const details = await provider.interactionDetails(request, response);
    const uiLocales = typeof details.params.ui_locales === 'string' ? details.params.ui_locales : '';
    const language: PageLanguage = uiLocales.split(' ')[0] === 'en' ? 'en' : 'de';
    const clientId = typeof details.params.client_id === 'string' ? details.params.client_id : '';
    const client = mandantOfClient.get(clientId);
    const texts =
      client?.area === 'backoffice'
        ? { ...pageText[language], ...backofficePageText[language] }
        : pageText[language];
    if (request.method !== 'POST') {
      sendPage(response, 200, language, form(details.uid, texts, ''), texts.title);
      return;
    }
    const body = new URLSearchParams(await readBody(request));
    const login = (body.get('login') ?? '').trim();
    const password = body.get('password') ?? '';
    const staff = client && login ? await findStaff(client.mandantId, login, client.area) : undefined;
    if (!staff || !(await staff.checkPassword(password))) {
      sendPage(response, 401, language, form(details.uid, texts, login, texts.wrong), texts.title);
      return;
    }
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId: login.toLowerCase() } },
      { mergeWithLastSubmission: false },
    );
  };
}

function form(uid: string, texts: PageTexts, login: string, failure?: string): string {
  return `<h1>${texts.title}</h1>
<p>${texts.intro}</p>
${failure ? `<p role="alert">${escapeHtml(failure)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}">
<p><label for="login">${texts.email}</label><br><input id="login" name="login" type="email" autocomplete="username" required value="${escapeHtml(login)}"></p>
<p><label for="password">${texts.password}</label><br><input id="password" name="password" type="password" autocomplete="current-password" required></p>
<p><button type="submit">${texts.submit}</button></p>
</form>`;
}

function sendPage(
  response: ServerResponse,
  status: number,
  language: PageLanguage,
  body: string,
  title: string = pageText[language].title,
): void {
  response.statusCode = status;
  response.setHeader('content-type', 'text/html; charset=utf-8');
  response.setHeader('cache-control', 'no-store');
  // No form-action: Chromium applies it to the redirects after the submit too (back to the platform).
  response.setHeader('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
  response.end(
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main>${body}</main></body></html>`,
  );
}

const MAX_BODY_BYTES = 10_000;

async function readBody(request: IncomingMessage): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
