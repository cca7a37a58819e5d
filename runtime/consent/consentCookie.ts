import type { Tracking } from '../../schemas/api.ts';
import { CONSENT_DAYS } from '../../schemas/constants.ts';
import { OPTIONAL_CONSENT_IDS } from './consentCategories.ts';
import { type ConsentState, decide, UNSET_CONSENT } from './consentState.ts';

/** First-party cookie holding the decision (strictly necessary, so it needs no consent itself). */
export { CONSENT_COOKIE_NAME } from '../../schemas/constants.ts';

/** Bump when the categories change: every stored decision then counts as unset and the banner asks again. */
const FORMAT = '1';
const DAY_MS = 86_400_000;

/**
 * A short fingerprint of the mandant's tracker list. A stored decision only holds for the list it was given
 * for: a tracker added, removed, moved to another category or pointed elsewhere asks again.
 */
export function consentVersion(trackings: readonly Tracking[]): string {
  const text = trackings
    .map((t) => [t.id, t.type, t.url, t.siteId, t.category].join('|'))
    .sort()
    .join('\n');
  // FNV-1a (32 bit): tiny and stable; this is a change detector, not a security feature.
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * `v=1&h=<version>&functional=0&analytical=1&marketing=0&at=<unix seconds>`: readable in the browser's
 * cookie list, and every character is allowed in a cookie value without encoding (RFC 6265 cookie-octet).
 */
export function serializeConsent(state: ConsentState, version: string): string | null {
  if (!state.decided) return null;
  const params = new URLSearchParams({ v: FORMAT, h: version });
  for (const id of OPTIONAL_CONSENT_IDS) params.set(id, state.choice[id] ? '1' : '0');
  params.set('at', String(Math.floor(state.decidedAt / 1000)));
  return params.toString();
}

/**
 * The decision a cookie value stands for. Anything that is not a complete decision of this format, for this
 * tracker list and younger than CONSENT_DAYS (SPEC section 9: 60 days) is unset, so the banner asks again.
 */
export function parseConsent(value: string | null, version: string, now: number): ConsentState {
  if (!value) return UNSET_CONSENT;
  const params = new URLSearchParams(value);
  if (params.get('v') !== FORMAT || params.get('h') !== version) return UNSET_CONSENT;
  const seconds = Number(params.get('at'));
  if (!Number.isInteger(seconds) || seconds <= 0) return UNSET_CONSENT;
  const decidedAt = seconds * 1000;
  if (now - decidedAt >= CONSENT_DAYS * DAY_MS) return UNSET_CONSENT;
  const choice = { functional: false, analytical: false, marketing: false };
  for (const id of OPTIONAL_CONSENT_IDS) {
    const flag = params.get(id);
    if (flag !== '0' && flag !== '1') return UNSET_CONSENT;
    choice[id] = flag === '1';
  }
  return decide(choice, decidedAt);
}
