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

export function recalledRecommendation(nr: string): RecommendationView | undefined {
  const raw = storage()?.getItem(PREFIX + nr);
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw) as RecommendationView;
    return parsed.Empfehlungsnummer === nr ? parsed : undefined;
  } catch {
    return undefined;
  }
}
