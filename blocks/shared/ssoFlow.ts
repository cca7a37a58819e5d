/**
 * The browser's half of the authorization code flow with PKCE S256 (SPEC 9), shared by the agency sign-in
 * (blocks/AgencyLogin) and the back office's (blocks/BackofficeLogin, BackofficeSsoCallback). Each keeps its
 * flow in progress under its own sessionStorage key: state, PKCE verifier and where to go afterwards.
 */
export type SsoFlowKey = 'agencySso' | 'backofficeSso';

/** What GET agentur/sso or GET backoffice/sso answers. */
export interface SsoStart {
  AuthorizationEndpoint: string;
  ClientId: string;
  Scope: string;
  RedirectUri: string;
}

export interface PendingSso {
  state: string;
  verifier: string;
  /** The login page's query before the round trip (the redirect target of a guard). */
  search: string;
}

function base64url(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function randomText(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/**
 * The authorization request (SPEC 9): a new PKCE verifier (S256) and state kept in sessionStorage for the
 * way back, and the provider's URL to go to.
 */
export async function startSso(
  start: SsoStart,
  search: string,
  language: string,
  key: SsoFlowKey = 'agencySso',
): Promise<string> {
  const pending: PendingSso = { state: randomText(), verifier: randomText(), search };
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(pending.verifier));
  sessionStorage.setItem(key, JSON.stringify(pending));
  const url = new URL(start.AuthorizationEndpoint);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: start.ClientId,
    redirect_uri: start.RedirectUri,
    scope: start.Scope,
    state: pending.state,
    code_challenge: base64url(new Uint8Array(digest)),
    code_challenge_method: 'S256',
    // The provider's page in the visitor's language, where it offers it.
    ui_locales: language,
  }).toString();
  return url.href;
}

/** What takePendingSso found for a code (an effect that runs twice must see the same flow). */
const taken = new Map<string, PendingSso | null>();

/**
 * The flow this tab started, for the provider's answer with `code`: read once and removed from storage, so
 * a reload or another answer cannot replay it.
 */
export function takePendingSso(code: string, key: SsoFlowKey = 'agencySso'): PendingSso | null {
  const id = `${key}\n${code}`;
  if (taken.has(id)) return taken.get(id) ?? null;
  const pending = readPending(key);
  taken.set(id, pending);
  return pending;
}

function readPending(key: SsoFlowKey): PendingSso | null {
  const raw = sessionStorage.getItem(key);
  sessionStorage.removeItem(key);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingSso>;
    return typeof value.state === 'string' && typeof value.verifier === 'string'
      ? {
          state: value.state,
          verifier: value.verifier,
          search: typeof value.search === 'string' ? value.search : '',
        }
      : null;
  } catch {
    return null;
  }
}
