import axios, { type AxiosAdapter, type AxiosInstance } from 'axios';
import {
  DEFAULT_LANGUAGE,
  HEADER_ACCEPT_LANGUAGE,
  HEADER_REQUESTED_WITH,
  HEADER_X_AUTHORIZATION,
  HTTP_TIMEOUT_MS,
} from '../../schemas/constants.ts';
import { bearerToken, isBackofficePath, selectAuthToken } from '../session/authToken.ts';
import { endsSession } from '../session/endsSession.ts';
import { API_ROOT } from './apiRoot.ts';
import { normaliseApiError } from './normaliseApiError.ts';

/** How calls authenticate (SPEC 6) and what happens when the server ends the session (SPEC 4). */
export interface ApiAuth {
  /** The session lookup: user token, agency user token, cookie, local storage. */
  token: () => string | null;
  /** The reward-collection token, for customer-number paths. */
  rewardToken?: () => string | null;
  /** The agency user's token: the agency area's calls carry it even when a recommender is logged in too. */
  agencyToken?: () => string | null;
  /** The back-office user's token (issue 15): back-office calls carry it, and only they. */
  backofficeToken?: () => string | null;
  /** HTTP 401 or PSOF0204: log out both user kinds. */
  onSessionEnd: () => void;
  /** HTTP 401 or PSOF0204 on a back-office call: end the back-office session only. */
  onBackofficeSessionEnd?: () => void;
}

export interface ApiClientOptions {
  mandantId: string;
  /** Read on every request, so a language switch changes the header without a new client. */
  getLanguage: () => string;
  auth?: ApiAuth;
  /** Tests pass a fake adapter; the browser uses axios' XHR/fetch adapter. */
  adapter?: AxiosAdapter;
}

/**
 * The one HTTP client of the runtime. Loaded lazily (see api.ts): axios stays out of the entry chunk.
 * Rejections are always ApiRequestError with a catalogue code.
 */
export function createApiClient(options: ApiClientOptions): AxiosInstance {
  const language = () => options.getLanguage() || DEFAULT_LANGUAGE;
  const { auth } = options;
  const client = axios.create({
    baseURL: `${API_ROOT}/${encodeURIComponent(options.mandantId)}`,
    timeout: HTTP_TIMEOUT_MS,
    headers: { [HEADER_REQUESTED_WITH]: 'XMLHttpRequest' },
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });
  client.interceptors.request.use((config) => {
    config.headers.set(HEADER_ACCEPT_LANGUAGE, language());
    const token = selectAuthToken({
      url: config.url ?? '',
      explicit: bearerToken(config.headers.get('Authorization')),
      rewardToken: auth?.rewardToken?.() ?? null,
      session: auth?.token() ?? null,
      agencyToken: auth?.agencyToken?.() ?? null,
      backofficeToken: auth?.backofficeToken?.() ?? null,
    });
    if (token) {
      config.headers.set('Authorization', `Bearer ${token}`);
      config.headers.set(HEADER_X_AUTHORIZATION, `Bearer ${token}`);
    }
    return config;
  });
  client.interceptors.response.use(undefined, (error: unknown) => {
    const failure = normaliseApiError(error, language());
    if (auth && endsSession(failure.status, failure.code)) {
      // A back-office call answers for the back-office token alone: the other sessions stay (ADR 0022).
      if (isBackofficePath(requestUrl(error))) auth.onBackofficeSessionEnd?.();
      else auth.onSessionEnd();
    }
    return Promise.reject(failure);
  });
  return client;
}

/** The path of the request a failure answers ('' when unknown). */
function requestUrl(error: unknown): string {
  return axios.isAxiosError(error) ? (error.config?.url ?? '') : '';
}
