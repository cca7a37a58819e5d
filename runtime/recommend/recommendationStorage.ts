import { useMemo, useSyncExternalStore } from 'react';
import type { RecommendationView } from '../../schemas/recommendFormApi.ts';

/**
 * The creator's answer per recommendation, for this browser tab (sessionStorage): the share page and the
 * thanks page show the offline code and can record the channel (Verwaltungstoken) after a reload, without
 * an account. Nothing personal is in it beyond the recommender's first name; it ends with the tab.
 */
const PREFIX = 'psoe_empfehlung_';

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    // Storage can be blocked (privacy settings): the pages then fall back to the public view.
    return undefined;
  }
}

export function rememberRecommendation(view: RecommendationView): void {
  try {
    storage()?.setItem(PREFIX + view.Empfehlungsnummer, JSON.stringify(view));
  } catch {
    // Full or blocked: the public view still works.
  }
}

function parsed(nr: string, raw: string | null | undefined): RecommendationView | undefined {
  if (!raw) return undefined;
  try {
    const view = JSON.parse(raw) as RecommendationView;
    return view.Empfehlungsnummer === nr ? view : undefined;
  } catch {
    return undefined;
  }
}

export function recalledRecommendation(nr: string): RecommendationView | undefined {
  return parsed(nr, storage()?.getItem(PREFIX + nr));
}

const noSubscription = () => () => {};

/**
 * `recalledRecommendation` for rendering: nothing on the server and while the browser hydrates the server's
 * HTML (the server cannot see this tab's storage), this tab's memory from then on.
 */
export function useRecalledRecommendation(nr: string | null): RecommendationView | undefined {
  const raw = useSyncExternalStore(
    noSubscription,
    () => (nr ? (storage()?.getItem(PREFIX + nr) ?? null) : null),
    () => null,
  );
  return useMemo(() => (nr ? parsed(nr, raw) : undefined), [nr, raw]);
}
