import type { ShareChannel } from '../../domain/recommendationLinks.ts';
import type { BankDetails } from '../../schemas/personalArea.ts';
import type {
  CreateRecipientRequest,
  CreateRecipientResponse,
  RecipientConsentResponse,
  RecipientOrder,
  RecipientRecommendation,
  RecipientReward,
  RecommendationCodeResponse,
} from '../../schemas/recipient.ts';
import type { ProductLinkResponse } from '../../schemas/recommendFormApi.ts';
import { apiGet, getApiClient } from '../api/api.ts';

/**
 * The recipient calls of SPEC section 7. The recipient token travels as an explicit Authorization header:
 * for recipient paths the client sends it instead of a login session (runtime/session/authToken.ts).
 * Loaded with the recipient blocks, never at first paint.
 */
const path = encodeURIComponent;
const withToken = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

/** GET /empfehlen/{nr}/{hex}: 404 PSOF0330 unknown or wrong hex, 410 PSOF0309 expired. */
export function fetchRecipientRecommendation(nr: string, hex: string): Promise<RecipientRecommendation> {
  return apiGet<RecipientRecommendation>(`/empfehlen/${path(nr)}/${path(hex)}`);
}

/** GET /empfehlung/empfehlungscode/{code}?einsprungsquelle= — the /code page. */
export async function fetchRecommendationByCode(code: string): Promise<RecommendationCodeResponse> {
  const client = await getApiClient();
  const url = `/empfehlung/empfehlungscode/${path(code)}`;
  return (await client.get<RecommendationCodeResponse>(url, { params: { einsprungsquelle: 'code' } })).data;
}

/** GET /empfaenger/{nr}/praemie/ — the recipient's part of the reward. */
export function fetchRecipientReward(nr: string): Promise<RecipientReward> {
  return apiGet<RecipientReward>(`/empfaenger/${path(nr)}/praemie/`);
}

/** POST /empfaenger/create/{nr}?channel= */
export async function postCreateRecipient(
  nr: string,
  body: CreateRecipientRequest,
  channel: string | null,
): Promise<CreateRecipientResponse> {
  const client = await getApiClient();
  const params = channel ? { channel } : {};
  return (await client.post<CreateRecipientResponse>(`/empfaenger/create/${path(nr)}`, body, { params }))
    .data;
}

/** GET /empfaenger/auftrag — the existence check of a stored recipient. */
export async function fetchRecipientOrder(token: string): Promise<RecipientOrder> {
  const client = await getApiClient();
  return (await client.get<RecipientOrder>('/empfaenger/auftrag', withToken(token))).data;
}

/** PUT /empfaenger/zustimmung with the exact text the recipient agreed to. */
export async function putRecipientConsent(token: string, agbText: string): Promise<RecipientConsentResponse> {
  const client = await getApiClient();
  return (
    await client.put<RecipientConsentResponse>(
      '/empfaenger/zustimmung',
      { AgbText: agbText },
      withToken(token),
    )
  ).data;
}

/** POST /empfaenger/bankdaten */
export async function postRecipientBankData(token: string, body: BankDetails): Promise<void> {
  const client = await getApiClient();
  await client.post('/empfaenger/bankdaten', body, withToken(token));
}

/**
 * GET /empfehlung/{nr}/produkt/produktlink?channel=&empfaengernummer= — where the recipient orders on the
 * client's site. The server answers JSON (not a redirect), so the link is resolved here and shown as a plain
 * link; the recipient number credits the order to this recipient.
 */
export async function fetchProductLink(
  nr: string,
  query: { empfaengernummer: string | null; channel: ShareChannel | null },
): Promise<string> {
  const client = await getApiClient();
  const params = {
    ...(query.empfaengernummer ? { empfaengernummer: query.empfaengernummer } : {}),
    ...(query.channel ? { channel: query.channel } : {}),
  };
  const url = `/empfehlung/${path(nr)}/produkt/produktlink`;
  return (await client.get<ProductLinkResponse>(url, { params })).data.Produktlink;
}
