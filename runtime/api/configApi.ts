import type { DefaultRoutesResponse, KeyValue, MandantResponse, RouteEntry } from '../../schemas/api.ts';
import { getApiClient } from './api.ts';
import { API_ROOT } from './apiRoot.ts';

/** The configuration calls of SPEC section 7, for a boot without embedded data (loaded only then). */
export async function fetchMandant(mandantId: string): Promise<MandantResponse> {
  const client = await getApiClient();
  // This one call lives below /api/v1, not below the mandant's base URL.
  const response = await client.get<MandantResponse>(`/mandant/${encodeURIComponent(mandantId)}`, {
    baseURL: API_ROOT,
  });
  return response.data;
}

export async function fetchDefaultRoutes(): Promise<DefaultRoutesResponse> {
  return (await (await getApiClient()).get<DefaultRoutesResponse>('/route/default')).data;
}

export async function fetchAdditionalRoutes(): Promise<RouteEntry[]> {
  return (await (await getApiClient()).get<RouteEntry[]>('/route/additional')).data;
}

export async function fetchLanguages(): Promise<KeyValue[]> {
  return (await (await getApiClient()).get<KeyValue[]>('/content/getlanguages')).data;
}

/** The language content call lives apart (the entry needs it, not the rest); re-exported for the boot. */
export { fetchLanguageContent } from './fetchLanguageContent.ts';
