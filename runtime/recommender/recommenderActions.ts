import type { NewsletterFields, SetNewsletterOptinResponse } from '../../schemas/newsletter.ts';
import type {
  BankDetails,
  BenachrichtigungEinstellung,
  MeineDatenRequest,
} from '../../schemas/personalArea.ts';
import type { Praemierung, PraemierungWahl } from '../../schemas/praemien.ts';
import { clearUserSession } from '../session/clearSession.ts';
import { rewardTokenAtom, type SessionUser, userAtom } from '../session/sessionAtoms.ts';
import type { RuntimeStore } from '../state/createRuntimeStore.ts';
import * as api from './recommenderApi.ts';
import { writeStoredRewardToken } from './rewardTokenStorage.ts';

/**
 * What the personal-area blocks do beyond one call: keep the session's user in step with the server's
 * answers, remember or forget a reward link's token, and end the session after the account is deleted.
 * Loaded on first use (useRecommender), never before first paint.
 */

/**
 * The reward link's token for a reward or bank data call — only while nobody is logged in: a logged-in
 * recommender's session sees all of their rewards, the link only its one.
 */
function linkToken(store: RuntimeStore): string | null {
  return store.get(userAtom) === null ? store.get(rewardTokenAtom) : null;
}

export function setRewardToken(store: RuntimeStore, token: string | null): void {
  store.set(rewardTokenAtom, token);
  writeStoredRewardToken(token);
}

/** A reward link's token: the reward it names; a token the server refuses is forgotten. */
export async function acceptRewardLink(store: RuntimeStore, token: string): Promise<Praemierung> {
  try {
    const reward = await api.getRewardByToken(token);
    setRewardToken(store, token);
    return reward;
  } catch (error) {
    setRewardToken(store, null);
    throw error;
  }
}

/** The caller's newest rewards (a page), or only the one with `id` (an empty list when not theirs). */
export function loadRewards(store: RuntimeStore, id?: string): Promise<Praemierung[]> {
  return api.getRewards(linkToken(store), id);
}

/** A page of the caller's rewards after `cursor` (null: the newest) and the next page's cursor. */
export function loadRewardPage(store: RuntimeStore, cursor: string | null) {
  return api.getRewardPage(linkToken(store), cursor);
}

export function chooseReward(store: RuntimeStore, choice: PraemierungWahl): Promise<Praemierung> {
  return api.putRewardChoice(choice, linkToken(store));
}

export function loadBankDetails(store: RuntimeStore): Promise<BankDetails | null> {
  return api.getBankDetails(linkToken(store));
}

export function saveBankDetails(store: RuntimeStore, body: BankDetails): Promise<BankDetails> {
  return api.putBankDetails(body, linkToken(store));
}

export function removeBankDetails(store: RuntimeStore): Promise<void> {
  return api.deleteBankDetails(linkToken(store));
}

function updateNewsletter(store: RuntimeStore, fields: NewsletterFields): void {
  const user = store.get(userAtom);
  if (user) store.set(userAtom, { ...user, ...fields });
}

export async function requestNewsletter(store: RuntimeStore): Promise<SetNewsletterOptinResponse> {
  const answer = await api.putNewsletterOptin();
  updateNewsletter(store, answer);
  return answer;
}

export async function confirmNewsletter(store: RuntimeStore, token: string): Promise<NewsletterFields> {
  const fields = await api.putNewsletterConfirm(token);
  updateNewsletter(store, fields);
  return fields;
}

export async function withdrawNewsletter(
  store: RuntimeStore,
  token: string | null,
): Promise<NewsletterFields> {
  const fields = await api.putNewsletterOptout(token);
  updateNewsletter(store, fields);
  return fields;
}

export async function saveMyData(store: RuntimeStore, body: MeineDatenRequest): Promise<SessionUser> {
  const { Token: _token, ...user } = await api.putPersonalData(body);
  store.set(userAtom, user);
  return user;
}

/** Downloads the export as a JSON file (GDPR Art. 20). */
export async function downloadExport(_store: RuntimeStore, fileName: string): Promise<void> {
  const data = await api.getExport();
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked after the click has handed the file to the browser.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** Deletes the account; the server ended every session, so the local one ends too (SPEC 4 logout rule). */
export async function deleteAccount(store: RuntimeStore): Promise<void> {
  await api.deleteAccount();
  setRewardToken(store, null);
  clearUserSession(store);
}

// Calls that need nothing from the store take it all the same: useRecommender binds every action alike.
/** A page of the dashboard's recommendations after `cursor` (null: the newest) and the next cursor. */
export const loadRecommendations = (_store: RuntimeStore, cursor: string | null = null) =>
  api.getRecommendations(cursor);
export const loadBanner = (_store: RuntimeStore) => api.getBanner();
export const loadNotifications = (_store: RuntimeStore) => api.getNotificationSettings();
export const saveNotification = (_store: RuntimeStore, setting: BenachrichtigungEinstellung) =>
  api.putNotificationSetting(setting);
export const loadTaxNotice = (_store: RuntimeStore) => api.getTaxNotice();
export const loadCatalogue = (_store: RuntimeStore) => api.getRewardOptions();
export const loadCustomerNumber = (_store: RuntimeStore, rewardId: string | null) =>
  api.getCustomerNumber(rewardId);
export const saveCustomerNumber = (_store: RuntimeStore, value: string, rewardId: string | null) =>
  api.putCustomerNumber(value, rewardId);
