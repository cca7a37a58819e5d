import { useEffect, useState } from 'react';
import {
  ApiRequestError,
  fetchRecipientOrder,
  fetchRecipientRecommendation,
  preloadApi,
  type RecipientJourney,
} from '../../runtime/index.ts';
import type { ErrorCode } from '../../schemas/errors.ts';
import type { RecipientOrder, RecipientRecommendation } from '../../schemas/recipient.ts';

/** What the recipient data page knows after loading. */
export type RecipientLanding =
  | { phase: 'loading' }
  | { phase: 'expired' }
  /** The recommendation cannot be shown: unknown, wrong hex, opened without the link's hex, offline. */
  | { phase: 'failed'; code: ErrorCode; message: string }
  | { phase: 'ready'; recommendation: RecipientRecommendation | null; order: RecipientOrder | null };

const codeOf = (error: unknown): ErrorCode => (error instanceof ApiRequestError ? error.code : 'PSOF0001');

/**
 * Loads the recommendation (GET /empfehlen/{nr}/{hex}) and, when this browser stored a recipient for it,
 * checks that recipient (GET /empfaenger/auftrag). SPEC 4: a stored recipient that fails the check is
 * forgotten. A known recipient may continue without the hex; anyone else needs the link's hex.
 */
export function useRecipientLanding(journey: RecipientJourney): RecipientLanding {
  const [landing, setLanding] = useState<RecipientLanding>({ phase: 'loading' });
  const { empfehlungsnummer, hex } = journey;

  useEffect(() => {
    let current = true;
    const stored = journey.stored();
    const order = stored
      ? fetchRecipientOrder(stored.token).then(
          (known) => {
            // SPEC 4: the number is (re)stored after a successful existence check.
            journey.remember({ empfaengernummer: known.Empfaengernummer, token: stored.token });
            return known;
          },
          (error: unknown) => {
            if (error instanceof ApiRequestError && error.status !== null && error.status < 500)
              journey.forget();
            return null;
          },
        )
      : Promise.resolve(null);
    const recommendation = hex
      ? fetchRecipientRecommendation(empfehlungsnummer, hex).then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        )
      : Promise.resolve(null);
    // The error texts load with the API client; a failure without any call must wait for them too.
    Promise.all([order, recommendation, preloadApi()]).then(([knownOrder, loaded]) => {
      if (!current) return;
      if (loaded && 'error' in loaded) {
        const code = codeOf(loaded.error);
        if (code === 'PSOF0309') return setLanding({ phase: 'expired' });
        if (!knownOrder) {
          const message = loaded.error instanceof ApiRequestError ? loaded.error.message : '';
          return setLanding({ phase: 'failed', code, message });
        }
      }
      const value = loaded && 'value' in loaded ? loaded.value : null;
      if (!value && !knownOrder) return setLanding({ phase: 'failed', code: 'PSOF0334', message: '' });
      setLanding({ phase: 'ready', recommendation: value, order: knownOrder });
    });
    return () => {
      current = false;
    };
  }, [empfehlungsnummer, hex, journey]);

  return landing;
}
