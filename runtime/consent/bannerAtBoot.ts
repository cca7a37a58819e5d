import { readCookie } from '../../domain/cookies.ts';
import type { MandantResponse } from '../../schemas/api.ts';
import { CONSENT_COOKIE_NAME } from '../../schemas/constants.ts';
import { consentVersion, parseConsent } from './consentCookie.ts';

/**
 * Whether a page requested with these cookies starts with the consent banner: our manager is on and no
 * valid decision is stored. Pure, so the server's first paint and the browser's hydration agree.
 */
export function bannerAtBoot(
  mandant: Pick<MandantResponse, 'trackings' | 'useInternalConsentManager'>,
  cookies: string,
  now: number,
): boolean {
  if (mandant.useInternalConsentManager !== true) return false;
  const stored = readCookie(cookies, CONSENT_COOKIE_NAME);
  return !parseConsent(stored, consentVersion(mandant.trackings ?? []), now).decided;
}
