import type { LoginResponse } from '../../schemas/account.ts';
import type { NewsletterFields, SetNewsletterOptinResponse } from '../../schemas/newsletter.ts';
import type {
  BankDetails,
  BannerAnswer,
  BenachrichtigungEinstellung,
  EmpfehlungEintrag,
  KundennummerErgebnis,
  MeineDatenRequest,
  Steuerhinweis,
} from '../../schemas/personalArea.ts';
import type { PraemieAuswahl, Praemierung, PraemierungWahl } from '../../schemas/praemien.ts';
import { getApiClient } from '../api/api.ts';

/**
 * The personal area's calls (SPEC 7, recommender and rewards), loaded with the blocks that need them.
 * `rewardToken` is a reward link's token: sent as the explicit header, which reward paths prefer and the
 * bank data path uses when nobody is logged in (runtime/session/authToken.ts).
 */
const explicit = (rewardToken: string | null | undefined) =>
  rewardToken ? { headers: { Authorization: `Bearer ${rewardToken}` } } : {};

/** One page of a cursor-paged list (issue 17): the entries and the next page's cursor, null on the last. */
export interface ListPage<T> {
  entries: T[];
  next: string | null;
}

/** Entries per page of the dashboard's and the reward overview's lists. */
export const LIST_PAGE_SIZE = 20;

/**
 * A page of a list the server pages by keyset: SPEC's array as the body, the next page's cursor in
 * `X-Next-Cursor`. A server without paging (the original backend) sends the whole array and no cursor.
 */
async function getPage<T>(
  path: string,
  cursor: string | null,
  config: { headers?: Record<string, string>; params?: Record<string, string> } = {},
): Promise<ListPage<T>> {
  const client = await getApiClient();
  const params = {
    ...config.params,
    Pagesize: String(LIST_PAGE_SIZE),
    ...(cursor ? { Cursor: cursor } : {}),
  };
  const response = await client.get<T[]>(path, { ...config, params });
  const next = (response.headers as Record<string, unknown> | undefined)?.['x-next-cursor'];
  return { entries: response.data, next: typeof next === 'string' && next !== '' ? next : null };
}

export function getRecommendations(cursor: string | null = null): Promise<ListPage<EmpfehlungEintrag>> {
  return getPage<EmpfehlungEintrag>('/empfehler/empfehlungen/', cursor);
}

export async function getBanner(): Promise<BannerAnswer> {
  const client = await getApiClient();
  return (await client.get<BannerAnswer>('/empfehler/empfehlungen/showbanner/BannerTEZuTP')).data;
}

export async function getRewardOptions(): Promise<PraemieAuswahl[]> {
  return (await (await getApiClient()).get<PraemieAuswahl[]>('/praemie')).data;
}

/** A page of the caller's rewards, newest first, each with its chosen catalogue entry. */
export function getRewardPage(
  rewardToken: string | null,
  cursor: string | null = null,
): Promise<ListPage<Praemierung>> {
  return getPage<Praemierung>('/praemierung/', cursor, { ...explicit(rewardToken), params: { details: '' } });
}

/** The caller's rewards as the reward pages use them: the first page, or the one reward with `id`. */
export async function getRewards(rewardToken: string | null, id?: string): Promise<Praemierung[]> {
  const client = await getApiClient();
  const params: Record<string, string> = { details: '' };
  if (id) params.Id = id;
  return (await client.get<Praemierung[]>('/praemierung/', { ...explicit(rewardToken), params })).data;
}

export async function putRewardChoice(
  choice: PraemierungWahl,
  rewardToken: string | null,
): Promise<Praemierung> {
  const client = await getApiClient();
  return (await client.put<Praemierung>('/praemierung/', choice, explicit(rewardToken))).data;
}

/** Uses a reward link's token: the reward it names (PSOF0400/0401/0402 when it cannot be used). */
export async function getRewardByToken(token: string): Promise<Praemierung> {
  const client = await getApiClient();
  return (await client.get<Praemierung>(`/empfehler/praemierungmail/${encodeURIComponent(token)}`)).data;
}

export async function getBankDetails(rewardToken: string | null): Promise<BankDetails | null> {
  const client = await getApiClient();
  return (await client.get<BankDetails | null>('/empfehler/bankdaten/', explicit(rewardToken))).data ?? null;
}

export async function putBankDetails(body: BankDetails, rewardToken: string | null): Promise<BankDetails> {
  const client = await getApiClient();
  return (await client.put<BankDetails>('/empfehler/bankdaten/', body, explicit(rewardToken))).data;
}

export async function deleteBankDetails(rewardToken: string | null): Promise<void> {
  await (await getApiClient()).delete('/empfehler/bankdaten/', explicit(rewardToken));
}

export async function putNewsletterOptin(): Promise<SetNewsletterOptinResponse> {
  // An empty JSON object: a body-less PUT gets a form content type from axios, which the server refuses.
  return (await (await getApiClient()).put<SetNewsletterOptinResponse>('/empfehler/setNewsletterOptin', {}))
    .data;
}

export async function putNewsletterConfirm(token: string): Promise<NewsletterFields> {
  const client = await getApiClient();
  return (await client.put<NewsletterFields>('/empfehler/newsletter/optin', { Token: token })).data;
}

export async function putNewsletterOptout(token: string | null): Promise<NewsletterFields> {
  const client = await getApiClient();
  return (await client.put<NewsletterFields>('/empfehler/newsletter/optout', token ? { Token: token } : {}))
    .data;
}

export async function putPersonalData(body: MeineDatenRequest): Promise<LoginResponse> {
  return (await (await getApiClient()).put<LoginResponse>('/empfehler/meinedaten', body)).data;
}

export async function getNotificationSettings(): Promise<BenachrichtigungEinstellung[]> {
  const client = await getApiClient();
  return (await client.get<BenachrichtigungEinstellung[]>('/empfehler/benachrichtigungen')).data;
}

/** Changes one optional notification; the answer is the whole list as stored now. */
export async function putNotificationSetting(
  setting: BenachrichtigungEinstellung,
): Promise<BenachrichtigungEinstellung[]> {
  const client = await getApiClient();
  return (await client.put<BenachrichtigungEinstellung[]>('/empfehler/benachrichtigungen', setting)).data;
}

export async function getTaxNotice(): Promise<Steuerhinweis> {
  return (await (await getApiClient()).get<Steuerhinweis>('/empfehler/steuerhinweis')).data;
}

export async function getExport(): Promise<unknown> {
  return (await (await getApiClient()).get<unknown>('/empfehler/export')).data;
}

export async function deleteAccount(): Promise<void> {
  await (await getApiClient()).delete('/empfehler/delete');
}

export async function getCustomerNumber(rewardId: string | null): Promise<KundennummerErgebnis> {
  const client = await getApiClient();
  const params = rewardId ? { params: { praemierung: rewardId } } : {};
  return (await client.get<KundennummerErgebnis>('/empfehler/GetResultFromKundennummer/', params)).data;
}

export async function putCustomerNumber(
  value: string,
  rewardId: string | null,
): Promise<KundennummerErgebnis> {
  const client = await getApiClient();
  const params = rewardId ? { params: { praemierung: rewardId } } : {};
  return (
    await client.put<KundennummerErgebnis>(
      `/empfehler/SetKundennummerForEmpfehler/${encodeURIComponent(value)}`,
      {},
      params,
    )
  ).data;
}
