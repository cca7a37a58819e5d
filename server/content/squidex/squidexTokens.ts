import { ContentFormatError } from '../ContentErrors.ts';
import { isRecord, text } from '../cmsValues.ts';
import { providerJson } from '../providerHttp.ts';

/** A token is renewed this long before Squidex says it expires, so no call goes out with a dying one. */
const EXPIRY_MARGIN_MS = 60_000;

export interface SquidexTokens {
  get(signal: AbortSignal): Promise<string>;
  /** The provider answered 401 with this token: the next get() fetches a new one. */
  invalidate(token: string): void;
}

/**
 * Access tokens by client credentials: `POST {url}/identity-server/connect/token` with
 * grant_type=client_credentials and scope squidex-api. One token is shared by all calls until it expires
 * or is refused; concurrent calls wait for the same token request.
 */
export function squidexTokens(
  base: string,
  clientId: string,
  clientSecret: string,
  now = Date.now,
): SquidexTokens {
  let current: { token: string; expiresAt: number } | undefined;
  let pending: Promise<string> | undefined;

  async function request(signal: AbortSignal): Promise<string> {
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: clientSecret,
      scope: 'squidex-api',
    });
    const answer = await providerJson(`${base}/identity-server/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
      signal,
      label: 'squidex token',
    });
    const token = isRecord(answer) ? text(answer.access_token) : undefined;
    if (!token) throw new ContentFormatError('squidex token: no access_token in the answer');
    const seconds = isRecord(answer) && typeof answer.expires_in === 'number' ? answer.expires_in : 3600;
    current = { token, expiresAt: now() + seconds * 1000 - EXPIRY_MARGIN_MS };
    return token;
  }

  return {
    get(signal) {
      if (current && current.expiresAt > now()) return Promise.resolve(current.token);
      pending ??= request(signal).finally(() => {
        pending = undefined;
      });
      return pending;
    },
    invalidate(token) {
      if (current?.token === token) current = undefined;
    },
  };
}
