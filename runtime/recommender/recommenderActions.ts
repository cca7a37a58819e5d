import type { NewsletterFields, SetNewsletterOptinResponse } from '../../schemas/newsletter.ts';
import type {
  Bankdaten,
  BankdatenRequest,
  BenachrichtigungEinstellung,
  MeineDatenRequest,
} from '../../schemas/personalArea.ts';
import type { Praemierung, PraemierungWahl } from '../../schemas/praemien.ts';
import { clearUserSession } from '../session/clearSession.ts';
import { rewardTokenAtom, type SessionUser, userAtom } from '../session/sessionAtoms.ts';
import type { RuntimeStore } from '../state/createRuntimeStore.ts';
import * as api from './empfehlerApi.ts';
import { writeStoredRewardToken } from './rewardTokenStorage.ts';

/**
 * What the personal-area blocks do beyond one call: keep the session's user in step with the server's
 * answers, remember or forget a reward link's token, and end the session after the account is deleted.
 * Loaded on first use (useEmpfehler), never before first paint.
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
    const reward = await api.getPraemierungMail(token);
    setRewardToken(store, token);
    return reward;
  } catch (error) {
    setRewardToken(store, null);
    throw error;
  }
}

export function loadRewards(store: RuntimeStore): Promise<Praemierung[]> {
  return api.getPraemierungen(linkToken(store));
}

export function chooseReward(store: RuntimeStore, choice: PraemierungWahl): Promise<Praemierung> {
  return api.putPraemierung(choice, linkToken(store));
}

export function loadBankdaten(store: RuntimeStore): Promise<Bankdaten | null> {
  return api.getBankdaten(linkToken(store));
}

export function saveBankdaten(store: RuntimeStore, body: BankdatenRequest): Promise<Bankdaten> {
  return api.putBankdaten(body, linkToken(store));
}

export function removeBankdaten(store: RuntimeStore): Promise<void> {
  return api.deleteBankdaten(linkToken(store));
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
  const { Token: _token, ...user } = await api.putMeineDaten(body);
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

// Calls that need nothing from the store take it all the same: useEmpfehler binds every action alike.
export const loadRecommendations = (_store: RuntimeStore) => api.getEmpfehlungen();
export const loadBanner = (_store: RuntimeStore) => api.getBanner();
export const loadNotifications = (_store: RuntimeStore) => api.getBenachrichtigungen();
export const saveNotification = (_store: RuntimeStore, setting: BenachrichtigungEinstellung) =>
  api.putBenachrichtigung(setting);
export const loadTaxNotice = (_store: RuntimeStore) => api.getSteuerhinweis();
export const loadCatalogue = (_store: RuntimeStore) => api.getPraemien();
export const loadKundennummer = (_store: RuntimeStore, praemierungId: string | null) =>
  api.getKundennummer(praemierungId);
export const saveKundennummer = (_store: RuntimeStore, value: string, praemierungId: string | null) =>
  api.putKundennummer(value, praemierungId);
