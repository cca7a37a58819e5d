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

/** The recipient journey of the current route, for the recipient blocks. */
export function useRecipientJourney(storage: RecipientStorage = recipientStorage()): RecipientJourney {
  const { params } = useRoute();
  const { search } = useLocation();
  const empfehlungsnummer = params.empfehlungsnummer ?? '';
  return useMemo(() => {
    const query = new URLSearchParams(search);
    return {
      empfehlungsnummer,
      hex: query.get(HEX_QUERY_PARAM),
      channel: query.get('channel'),
      stored: () => (empfehlungsnummer ? storage.read(empfehlungsnummer) : null),
      remember: (recipient) => storage.remember(empfehlungsnummer, recipient),
      forget: () => storage.forget(empfehlungsnummer),
    };
  }, [empfehlungsnummer, search, storage]);
}
