import { useAtomValue, useStore } from 'jotai';
import { useMemo, useState } from 'react';
import { rewardTokenAtom } from '../session/sessionAtoms.ts';
import type { RuntimeStore } from '../state/createRuntimeStore.ts';
import type * as Actions from './recommenderActions.ts';
import { readStoredRewardToken } from './rewardTokenStorage.ts';

const NAMES = [
  'loadRecommendations',
  'loadBanner',
  'loadTaxNotice',
  'loadCatalogue',
  'loadRewards',
  'loadRewardPage',
  'chooseReward',
  'acceptRewardLink',
  'loadBankDetails',
  'saveBankDetails',
  'removeBankDetails',
  'requestNewsletter',
  'confirmNewsletter',
  'withdrawNewsletter',
  'saveMyData',
  'loadNotifications',
  'saveNotification',
  'downloadExport',
  'deleteAccount',
  'loadCustomerNumber',
  'saveCustomerNumber',
] as const;
type Name = (typeof NAMES)[number];
type Bound<F> = F extends (store: RuntimeStore, ...args: infer A) => infer R ? (...args: A) => R : never;

/**
 * The personal area's services for blocks (SPEC 7, recommender and rewards), each an action of
 * recommenderActions.ts bound to the store; every call may reject with ApiRequestError. `rewardToken` is the
 * token of a reward link in use (praemierungstoken), or null.
 */
export type Recommender = { rewardToken: string | null } & { [K in Name]: Bound<(typeof Actions)[K]> };

/** The code loads on first use, with the API client: none of it is on a page before it is needed. */
const actions = () => import('./recommenderActions.ts');

export function useRecommender(): Recommender {
  const store = useStore();
  // A reward link opened earlier in this tab still counts after a reload.
  useState(() => {
    if (store.get(rewardTokenAtom) === null) {
      const stored = readStoredRewardToken();
      if (stored) store.set(rewardTokenAtom, stored);
    }
    return null;
  });
  const rewardToken = useAtomValue(rewardTokenAtom);
  const bound = useMemo(
    () =>
      Object.fromEntries(
        NAMES.map((name) => [
          name,
          async (...args: unknown[]) =>
            ((await actions())[name] as (store: RuntimeStore, ...rest: unknown[]) => unknown)(store, ...args),
        ]),
      ) as Omit<Recommender, 'rewardToken'>,
    [store],
  );
  return { rewardToken, ...bound };
}
