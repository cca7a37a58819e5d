import type { FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import { ApiProblem } from '../http/ApiProblem.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';

/** What the browser brought back from the identity provider's redirect, with its PKCE verifier. */
export interface ProviderAnswer {
  /** The redirect URI the code was issued for (the same as in the authorization request). */
  redirectUri: string;
  code: string;
  verifier: string;
  state?: string | undefined;
  iss?: string | undefined;
}

/**
 * The authorization code flow's second half, shared by the agency and back-office sign-ins: redeems the code
 * with its PKCE verifier (S256) at the provider, checks state and issuer (RFC 9207 `iss`) and validates the
 * ID token (openid-client). The claims are the ID token's, completed from userinfo when `needsUserinfo`
 * says a claim is missing there. Throws whatever the provider or openid-client refused with: the caller
 * logs the reason and answers its own code.
 */
export async function redeemAuthorizationCode(
  configuration: oidc.Configuration,
  answer: ProviderAnswer,
  needsUserinfo: (claims: Record<string, unknown>) => boolean,
): Promise<Record<string, unknown>> {
  const callback = new URL(answer.redirectUri);
  callback.searchParams.set('code', answer.code);
  if (answer.state) callback.searchParams.set('state', answer.state);
  if (answer.iss) callback.searchParams.set('iss', answer.iss);
  const tokens = await oidc.authorizationCodeGrant(configuration, callback, {
    pkceCodeVerifier: answer.verifier,
    expectedState: answer.state ?? oidc.skipStateCheck,
    idTokenExpected: true,
  });
  const idToken = tokens.claims();
  if (!idToken) throw new Error('no ID token');
  const claims: Record<string, unknown> = { ...idToken };
  if (needsUserinfo(claims) && configuration.serverMetadata().userinfo_endpoint) {
    return { ...claims, ...(await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub)) };
  }
  return claims;
}

/** The provider's reason for the log, never the code or a claim (no personal data in logs). */
export function refusalReason(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : 'unknown';
}

/**
 * This origin (as the browser called it), the language and the callback page's path: the same when the flow
 * starts and when the code is redeemed, so the code is redeemed with the redirect URI it was issued for. A
 * language the mandant does not offer: 400 PSOF0013.
 */
export function callbackUri(
  request: FastifyRequest,
  mandant: LoadedMandant,
  redirectPath: string,
  language: string | undefined,
): string {
  const { Sprache: offered, Standard } = mandant.config.SupportedLanguage;
  if (language !== undefined && !offered.includes(language)) {
    throw new ApiProblem('PSOF0013', [
      { pointer: '/Sprache', reason: `must be one of the offered languages: ${offered.join(', ')}` },
    ]);
  }
  return `${request.protocol}://${request.host}/${language ?? Standard}${redirectPath}`;
}
