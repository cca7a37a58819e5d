import axios, { type AxiosAdapter, type AxiosInstance } from 'axios';
import {
  DEFAULT_LANGUAGE,
  HEADER_ACCEPT_LANGUAGE,
  HEADER_REQUESTED_WITH,
  HTTP_TIMEOUT_MS,
} from '../../schemas/constants.ts';
import { API_ROOT } from './apiRoot.ts';
import { normaliseApiError } from './normaliseApiError.ts';

export interface ApiClientOptions {
  mandantId: string;
  /** Read on every request, so a language switch changes the header without a new client. */
  getLanguage: () => string;
  /** Tests pass a fake adapter; the browser uses axios' XHR/fetch adapter. */
  adapter?: AxiosAdapter;
}

/**
 * The one HTTP client of the runtime. Loaded lazily (see api.ts): axios stays out of the entry chunk.
 * Rejections are always ApiRequestError with a catalogue code.
 */
export function createApiClient(options: ApiClientOptions): AxiosInstance {
  const language = () => options.getLanguage() || DEFAULT_LANGUAGE;
  const client = axios.create({
    baseURL: `${API_ROOT}/${encodeURIComponent(options.mandantId)}`,
    timeout: HTTP_TIMEOUT_MS,
    headers: { [HEADER_REQUESTED_WITH]: 'XMLHttpRequest' },
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });
  client.interceptors.request.use((config) => {
    config.headers.set(HEADER_ACCEPT_LANGUAGE, language());
    return config;
  });
  client.interceptors.response.use(undefined, (error: unknown) =>
    Promise.reject(normaliseApiError(error, language())),
  );
  return client;
}
