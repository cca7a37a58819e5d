import { CHANNEL_QUERY_PARAMS } from '../../schemas/constants.ts';
import type { ConsentDecision } from '../consent/consentState.ts';

/**
 * The channel cookie attributes a visit to the campaign or channel it came from: marketing attribution, so
 * it needs consent to the `marketing` category (runtime/tracking/README.md).
 */
export const CHANNEL_CONSENT_CATEGORY = 'marketing';

/** Longer values are cut: the cookie goes with every request to our server. */
export const CHANNEL_MAX_LENGTH = 100;

/** SPEC section 2: the first of channel, c, pk_campaign, mtm_campaign that has a value. */
export function channelFromSearch(search: string): string | null {
  const query = new URLSearchParams(search);
  for (const name of CHANNEL_QUERY_PARAMS) {
    const value = query.get(name)?.trim();
    if (value) return value.slice(0, CHANNEL_MAX_LENGTH);
  }
  return null;
}

export type ChannelCookieAction =
  | { readonly kind: 'write'; readonly value: string }
  | { readonly kind: 'remove' }
  | { readonly kind: 'none' };

export interface ChannelCookieInput {
  /** The channel this visit brought along (landing URL or a later one), or null. */
  readonly remembered: string | null;
  readonly consent: ConsentDecision;
  /** The value stored in the cookie now (decoded), or null. */
  readonly stored: string | null;
}

/**
 * SPEC section 2: stored for 730 days, only with consent. Without consent nothing is written (the value
 * waits in memory for consent later in the visit); a withdrawn consent removes the cookie; unset (not yet
 * asked again, e.g. after the consent expired) leaves an existing cookie alone.
 */
export function channelCookieAction(input: ChannelCookieInput): ChannelCookieAction {
  if (input.consent === 'declined') return input.stored === null ? { kind: 'none' } : { kind: 'remove' };
  if (input.consent === 'given' && input.remembered !== null && input.remembered !== input.stored)
    return { kind: 'write', value: input.remembered };
  return { kind: 'none' };
}
