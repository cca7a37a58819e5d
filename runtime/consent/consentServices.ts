import type { Tracking } from '../../schemas/api.ts';
import {
  CHANNEL_COOKIE_DAYS,
  CHANNEL_COOKIE_NAME,
  CONSENT_DAYS,
  type ConsentId,
} from '../../schemas/constants.ts';
import { CONSENT_COOKIE_NAME } from './consentCookie.ts';

/** One entry of a category's detail list: a tracker or one of our own cookies. */
export interface ConsentService {
  readonly key: string;
  /** i18n key of the name; `{{name}}` is filled with `cookie`. */
  readonly name: string;
  readonly cookie?: string;
  /** i18n key of the purpose. */
  readonly purpose: string;
  /** Where hits go (trackers), shown as the provider. */
  readonly host?: string;
  /** Storage duration of a cookie; trackers set none (runtime/tracking/README.md). */
  readonly days?: number;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** What each category covers, for the per-tracker detail of the settings dialog. */
export function consentServices(category: ConsentId, trackings: readonly Tracking[]): ConsentService[] {
  const own: ConsentService[] =
    category === 'required'
      ? [
          {
            key: CONSENT_COOKIE_NAME,
            name: 'consent.service.cookie',
            cookie: CONSENT_COOKIE_NAME,
            purpose: 'consent.service.consentCookie.purpose',
            days: CONSENT_DAYS,
          },
        ]
      : category === 'marketing'
        ? [
            {
              key: CHANNEL_COOKIE_NAME,
              name: 'consent.service.cookie',
              cookie: CHANNEL_COOKIE_NAME,
              purpose: 'consent.service.channelCookie.purpose',
              days: CHANNEL_COOKIE_DAYS,
            },
          ]
        : [];
  const trackers = trackings
    .filter((tracking) => (tracking.category ?? 'analytical') === category)
    .map(
      (tracking): ConsentService => ({
        key: `tracker:${tracking.id}`,
        name: `consent.service.${tracking.type}.name`,
        purpose: `consent.service.${tracking.type}.purpose`,
        host: hostOf(tracking.url),
      }),
    );
  return [...own, ...trackers];
}
