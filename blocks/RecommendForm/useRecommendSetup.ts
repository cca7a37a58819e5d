import { atom, useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { ApiRequestError, fetchActiveCampaigns, isRecommendCaptchaRequired } from '../../runtime/index.ts';
import type { Aktion } from '../../schemas/recommendFormApi.ts';

interface SetupFailure {
  phase: 'failed';
  code: ApiRequestError['code'];
  message: string;
}

export type RecommendSetup =
  /** `captcha` is null until the server said whether this visitor needs one. */
  { phase: 'ready'; captcha: boolean | null; campaigns: Aktion[] } | SetupFailure;

function failureOf(error: unknown): SetupFailure {
  const failure = error instanceof ApiRequestError ? error : undefined;
  return { phase: 'failed', code: failure?.code ?? 'PSOF0001', message: failure?.message ?? '' };
}

/**
 * The active campaigns, asked once per runtime store (a page load in the browser, one first paint on the
 * server) when the first form needs them: the server renders the form with them and the browser hydrates
 * the same, instead of a loading line that the form later pushes away.
 */
const campaignsAtom = atom(() =>
  fetchActiveCampaigns().then(
    (campaigns): Aktion[] | SetupFailure => campaigns,
    (error: unknown) => failureOf(error),
  ),
);

/**
 * What the form needs from the server: the active campaigns with their consent texts (suspends until they
 * are there) and whether a captcha is needed (a POST, asked by the browser once the page is hydrated and
 * again when the login changes; the captcha widget sits below the fields).
 */
export function useRecommendSetup(loggedIn: boolean): RecommendSetup {
  const campaigns = useAtomValue(campaignsAtom);
  const [captcha, setCaptcha] = useState<{ loggedIn: boolean; answer: boolean | SetupFailure } | null>(null);
  useEffect(() => {
    let current = true;
    isRecommendCaptchaRequired().then(
      (required) => current && setCaptcha({ loggedIn, answer: required }),
      (error: unknown) => current && setCaptcha({ loggedIn, answer: failureOf(error) }),
    );
    return () => {
      current = false;
    };
  }, [loggedIn]);
  const answer = captcha?.loggedIn === loggedIn ? captcha.answer : null;
  if (!Array.isArray(campaigns)) return campaigns;
  if (answer !== null && typeof answer === 'object') return answer;
  return { phase: 'ready', captcha: answer, campaigns };
}
