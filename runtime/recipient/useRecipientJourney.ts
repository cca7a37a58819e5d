import { useMemo } from 'react';
import { HEX_QUERY_PARAM } from '../../schemas/recipient.ts';
import { useLocation } from '../router/navigation/index.ts';
import { useRoute } from '../router/RouteContext.ts';
import { type RecipientStorage, recipientStorage, type StoredRecipient } from './recipientStorage.ts';

/** Where a recipient page is in the journey: which recommendation, how the visitor came, who they are. */
export interface RecipientJourney {
  /** The `:empfehlungsnummer` of the route ('' when the route has none). */
  empfehlungsnummer: string;
  /** The link's hex, from the click redirect or the /code page (`?hex=`). */
  hex: string | null;
  /** The channel the link was shared by (`?channel=`). */
  channel: string | null;
  /** The recipient this browser created for the recommendation, if any (cookie and token). */
  stored(): StoredRecipient | null;
  remember(recipient: StoredRecipient): void;
  /** SPEC 4: removed on failure (an unknown or expired recipient token). */
  forget(): void;
}

/**
 * The recipient journey of the current route, for the recipient blocks. Its storage functions are for
 * effects and handlers: the browser's cookie and storage are looked up when they run, never while rendering
 * (the server renders the first paint without a document).
 */
export function useRecipientJourney(storage?: RecipientStorage): RecipientJourney {
  const { params } = useRoute();
  const { search } = useLocation();
  const empfehlungsnummer = params.empfehlungsnummer ?? '';
  return useMemo(() => {
    const query = new URLSearchParams(search);
    const store = () => storage ?? recipientStorage();
    return {
      empfehlungsnummer,
      hex: query.get(HEX_QUERY_PARAM),
      channel: query.get('channel'),
      stored: () => (empfehlungsnummer ? store().read(empfehlungsnummer) : null),
      remember: (recipient) => store().remember(empfehlungsnummer, recipient),
      forget: () => store().forget(empfehlungsnummer),
    };
  }, [empfehlungsnummer, search, storage]);
}
