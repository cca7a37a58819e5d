import type {
  Aktion,
  CaptchaCheckResponse,
  CreateRecommendationRequest,
  CreateRecommendationResponse,
  RecommendationView,
  UpdateRecommendationRequest,
} from '../../schemas/recommendFormApi.ts';
import { IDEMPOTENCY_HEADER, OWNER_TOKEN_HEADER } from '../../schemas/recommendFormApi.ts';
import { ApiRequestError } from '../api/ApiRequestError.ts';
import { getApiClient } from '../api/api.ts';

/**
 * The recommend and share calls of SPEC section 7 (issue 4). Loaded with the blocks that need them, never at
 * first paint; rejections are ApiRequestError with a catalogue code.
 */
const path = encodeURIComponent;
const ownerHeaders = (token: string | undefined) => (token ? { [OWNER_TOKEN_HEADER]: token } : {});

/** POST /Empfehlen/create without a body: must the form carry a captcha? */
export async function isRecommendCaptchaRequired(): Promise<boolean> {
  const client = await getApiClient();
  // An empty JSON object would be a body; `null` sends none (the server treats zero bytes as no body).
  return (await client.post<CaptchaCheckResponse>('/Empfehlen/create', null)).data.CaptchaErforderlich;
}

/** POST /Empfehlen/create; `requestId` (one per submission, kept for retries) makes a replay harmless. */
export async function postCreateRecommendation(
  body: CreateRecommendationRequest,
  requestId: string,
): Promise<CreateRecommendationResponse> {
  const client = await getApiClient();
  const headers = { [IDEMPOTENCY_HEADER]: requestId };
  return (await client.post<CreateRecommendationResponse>('/Empfehlen/create', body, { headers })).data;
}

/** GET empfehlen/{nr}; with the owner's token also Code and Verwaltungstoken. */
export async function fetchRecommendation(nr: string, ownerToken?: string): Promise<RecommendationView> {
  const client = await getApiClient();
  return (
    await client.get<RecommendationView>(`/empfehlen/${path(nr)}`, { headers: ownerHeaders(ownerToken) })
  ).data;
}

/** PUT /empfehlung/{nr}: the channel and link type the owner shared by. */
export async function putRecommendationSharing(
  nr: string,
  change: UpdateRecommendationRequest,
  ownerToken: string | undefined,
): Promise<RecommendationView> {
  const client = await getApiClient();
  return (
    await client.put<RecommendationView>(`/empfehlung/${path(nr)}`, change, {
      headers: ownerHeaders(ownerToken),
    })
  ).data;
}

/**
 * GET /aktion/alleAktiven. SPEC 7: a missing endpoint is only logged — the form then has no campaigns (so is a
 * mandant without campaigns, which answers 404).
 */
export async function fetchActiveCampaigns(): Promise<Aktion[]> {
  try {
    return (await (await getApiClient()).get<Aktion[]>('/aktion/alleAktiven')).data;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) {
      console.info('No campaigns (GET /aktion/alleAktiven answered 404)');
      return [];
    }
    throw error;
  }
}

/** POST /Empfehlen/optin: confirms with the token of the opt-in mail; answers the owner's view. */
export async function postConfirmOptin(token: string): Promise<RecommendationView> {
  return (await (await getApiClient()).post<RecommendationView>('/Empfehlen/optin', { Token: token })).data;
}

/** POST /Empfehlen/optin/resend: a new opt-in mail for the pending recommendation of e-mail and product. */
export async function postResendOptin(email: string, productId: string): Promise<void> {
  await (await getApiClient()).post('/Empfehlen/optin/resend', { Email: email, Produkt: productId });
}

/** The captcha widget's challenge URL (GET /api/v1/{mandant}/captcha/challenge). */
export function captchaChallengeUrl(mandantId: string): string {
  return `/api/v1/${path(mandantId)}/captcha/challenge`;
}

/** The QR code image of a recommendation's link (server-rendered SVG). */
export function recommendationQrUrl(mandantId: string, nr: string): string {
  return `/api/v1/${path(mandantId)}/empfehlung/${path(nr)}/qr.svg`;
}
