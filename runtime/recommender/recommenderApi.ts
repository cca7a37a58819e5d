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

export async function getRecommendations(): Promise<EmpfehlungEintrag[]> {
  return (await (await getApiClient()).get<EmpfehlungEintrag[]>('/empfehler/empfehlungen/')).data;
}

export async function getBanner(): Promise<BannerAnswer> {
  const client = await getApiClient();
  return (await client.get<BannerAnswer>('/empfehler/empfehlungen/showbanner/BannerTEZuTP')).data;
}

export async function getRewardOptions(): Promise<PraemieAuswahl[]> {
  return (await (await getApiClient()).get<PraemieAuswahl[]>('/praemie')).data;
}

export async function getRewards(rewardToken: string | null): Promise<Praemierung[]> {
  const client = await getApiClient();
  return (await client.get<Praemierung[]>('/praemierung/?details', explicit(rewardToken))).data;
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
