import { useEffect, useState } from 'react';
import { ApiRequestError, fetchActiveCampaigns, isRecommendCaptchaRequired } from '../../runtime/index.ts';
import type { Aktion } from '../../schemas/recommendFormApi.ts';

export type RecommendSetup =
  | { phase: 'loading' }
  | { phase: 'ready'; captcha: boolean; campaigns: Aktion[] }
  | { phase: 'failed'; code: ApiRequestError['code']; message: string };

/**
 * What the form needs from the server before it shows: whether a captcha is needed (asked again when the
 * login changes) and the active campaigns with their consent texts.
 */
export function useRecommendSetup(loggedIn: boolean): RecommendSetup {
  const [setup, setSetup] = useState<RecommendSetup>({ phase: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a login or logout changes the server's answer
  useEffect(() => {
    let current = true;
    setSetup({ phase: 'loading' });
    Promise.all([isRecommendCaptchaRequired(), fetchActiveCampaigns()]).then(
      ([captcha, campaigns]) => current && setSetup({ phase: 'ready', captcha, campaigns }),
      (error: unknown) => {
        if (!current) return;
        const failure = error instanceof ApiRequestError ? error : undefined;
        setSetup({ phase: 'failed', code: failure?.code ?? 'PSOF0001', message: failure?.message ?? '' });
      },
    );
    return () => {
      current = false;
    };
  }, [loggedIn]);
  return setup;
}
