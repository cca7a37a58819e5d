import { isShareChannel } from '../../domain/recommendationLinks.ts';
import { fetchProductLink, useRecipientJourney } from '../../runtime/index.ts';
import { useLoaded } from '../shared/useLoaded.ts';

/**
 * Where the recipient orders on the client's site (GET …/produkt/produktlink), with the recipient number
 * from the recipient cookie so the order is credited to them. Null while it loads, and when it cannot be
 * had (no recommendation in the route, expired, offline): the page then offers only its other action.
 */
export function useProductLink(): string | null {
  const journey = useRecipientJourney();
  const [link] = useLoaded(() => {
    const { empfehlungsnummer, channel } = journey;
    if (!empfehlungsnummer) return Promise.resolve(null);
    // Read when loading, not during render: the cookie is the browser's, not the page's.
    const empfaengernummer = journey.stored()?.empfaengernummer ?? null;
    return fetchProductLink(empfehlungsnummer, {
      empfaengernummer,
      // The server refuses an unknown channel (400); a stray ?channel= must not cost the link.
      channel: isShareChannel(channel) ? channel : null,
    });
  }, [journey]);
  return link.state === 'done' && link.value !== null && WEB_URL.test(link.value) ? link.value : null;
}

/** Only a web address becomes the link's href, whatever the answer holds. */
const WEB_URL = /^https?:\/\//i;
