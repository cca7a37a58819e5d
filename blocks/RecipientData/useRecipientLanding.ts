import { atom, useAtomValue } from 'jotai';
import { use, useEffect, useState } from 'react';
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

type Loaded = { value: RecipientRecommendation } | { code: ErrorCode; message: string };

/**
 * The recommendations asked for, per runtime store (a page load in the browser, one first paint on the
 * server), by number and hex: the same promise on every render, as `use` needs it.
 */
const recommendationsAtom = atom(() => new Map<string, Promise<Loaded>>());

function loadRecommendation(nr: string, hex: string): Promise<Loaded> {
  return fetchRecipientRecommendation(nr, hex).then(
    (value) => ({ value }),
    async (error: unknown) => {
      // The failure is worded from the catalogue, whose texts load with the API client.
      await preloadApi();
      return error instanceof ApiRequestError
        ? { code: error.code, message: error.message }
        : { code: 'PSOF0001', message: '' };
    },
  );
}

/**
 * The recommendation (GET /empfehlen/{nr}/{hex}), read while rendering: the server renders the landing a
 * new visitor gets, facts and form, and the browser hydrates the same — no loading line that the form
 * later pushes down. A recipient this browser stored for the recommendation is checked afterwards (GET
 * /empfaenger/auftrag; storage is the browser's): SPEC 4, a stored recipient that fails the check is
 * forgotten; a known recipient may continue without the hex, anyone else needs the link's hex.
 */
export function useRecipientLanding(journey: RecipientJourney): RecipientLanding {
  const { empfehlungsnummer, hex } = journey;
  const recommendations = useAtomValue(recommendationsAtom);
  let request: Promise<Loaded> | null = null;
  if (hex) {
    const key = `${empfehlungsnummer}/${hex}`;
    request = recommendations.get(key) ?? loadRecommendation(empfehlungsnummer, hex);
    recommendations.set(key, request);
  }
  const loaded = request ? use(request) : null;
  /** The stored recipient's order once checked (null: none stored, or it failed the check). */
  const [checked, setChecked] = useState<{ journey: RecipientJourney; order: RecipientOrder | null }>();

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
    // Without the hex the page may have to say why it shows nothing: the catalogue's texts.
    Promise.all([order, journey.hex ? null : preloadApi()]).then(([known]) => {
      if (current) setChecked({ journey, order: known });
    });
    return () => {
      current = false;
    };
  }, [journey]);

  const order = checked?.journey === journey ? checked.order : undefined;
  const recommendation = loaded && 'value' in loaded ? loaded.value : null;
  if (loaded && 'code' in loaded && loaded.code === 'PSOF0309') return { phase: 'expired' };
  if (recommendation || order) return { phase: 'ready', recommendation, order: order ?? null };
  // Until the stored recipient is checked, a failure may still be a known recipient's way on.
  if (order === undefined) return { phase: 'loading' };
  return loaded && 'code' in loaded
    ? { phase: 'failed', code: loaded.code, message: loaded.message }
    : { phase: 'failed', code: 'PSOF0334', message: '' };
}
