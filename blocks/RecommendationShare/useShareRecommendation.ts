import { useEffect, useState } from 'react';
import { NUMBER_PATTERN } from '../../domain/recommendationLinks.ts';
import {
  ApiRequestError,
  fetchRecommendation,
  preloadApi,
  recalledRecommendation,
  rememberRecommendation,
  useRecalledRecommendation,
} from '../../runtime/index.ts';
import type { RecommendationView } from '../../schemas/recommendFormApi.ts';

export type ShareState =
  | { phase: 'loading' }
  | { phase: 'ready'; view: RecommendationView }
  | { phase: 'failed'; code: ApiRequestError['code']; message: string };

/**
 * The recommendation of the share page: at once from this tab's memory when it was made here (with the
 * owner's code and token), refreshed from the server (the owner's view with the token or a login; the public
 * one otherwise).
 */
export function useShareRecommendation(nr: string): ShareState {
  // This tab's memory is the browser's: the server and the hydrating browser render without it.
  const recalled = useRecalledRecommendation(nr);
  const [state, setState] = useState<ShareState>(() =>
    // Not a number at all (a mistyped link): unknown without asking the server.
    NUMBER_PATTERN.test(nr) ? { phase: 'loading' } : { phase: 'failed', code: 'PSOF0330', message: '' },
  );
  useEffect(() => {
    // The error texts load with the API client; a mistyped number needs them without a call.
    if (!NUMBER_PATTERN.test(nr)) return void preloadApi();
    let current = true;
    const token = recalledRecommendation(nr)?.Verwaltungstoken;
    fetchRecommendation(nr, token).then(
      (view) => {
        if (!current) return;
        if (view.Verwaltungstoken) rememberRecommendation(view);
        setState({ phase: 'ready', view });
      },
      (error: unknown) => {
        if (!current) return;
        const problem = error instanceof ApiRequestError ? error : undefined;
        const remembered = recalledRecommendation(nr);
        setState(
          // Offline after a fresh create: the remembered answer is good enough to share.
          remembered && problem?.code === 'PSOF0002'
            ? { phase: 'ready', view: remembered }
            : { phase: 'failed', code: problem?.code ?? 'PSOF0001', message: problem?.message ?? '' },
        );
      },
    );
    return () => {
      current = false;
    };
  }, [nr]);
  return state.phase === 'loading' && recalled ? { phase: 'ready', view: recalled } : state;
}
