import { CHANNEL_COOKIE_DAYS, CHANNEL_COOKIE_NAME } from '../../schemas/constants.ts';
import { categoryConsent } from '../consent/consentState.ts';
import type { CookieJar } from '../consent/cookieJar.ts';
import { CHANNEL_CONSENT_CATEGORY, channelCookieAction, channelFromSearch } from './channelCookie.ts';
import type { ConsentSource } from './createTracking.ts';
import { landingSearch, onNavigated } from './navigatedEvents.ts';

function decode(value: string | null): string | null {
  if (value === null) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Keeps the channel of this visit (landing URL, or a later URL with a channel parameter) in memory and
 * writes it to the `channel` cookie as soon as, and only while, marketing consent is given.
 */
export function startChannelCookie(
  consent: ConsentSource,
  jar: CookieJar,
  search: string = landingSearch(),
): () => void {
  let remembered = channelFromSearch(search);
  const apply = () => {
    const action = channelCookieAction({
      remembered,
      consent: categoryConsent(consent.get(), CHANNEL_CONSENT_CATEGORY),
      stored: decode(jar.read(CHANNEL_COOKIE_NAME)),
    });
    if (action.kind === 'write')
      jar.write(CHANNEL_COOKIE_NAME, encodeURIComponent(action.value), CHANNEL_COOKIE_DAYS);
    else if (action.kind === 'remove') jar.remove(CHANNEL_COOKIE_NAME);
  };
  apply();
  const stopNavigated = onNavigated((event) => {
    remembered = channelFromSearch(event.search) ?? remembered;
    apply();
  });
  const stopConsent = consent.onChange(apply);
  return () => {
    stopNavigated();
    stopConsent();
  };
}
