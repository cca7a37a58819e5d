import type { AxiosAdapter, AxiosInstance } from 'axios';
import { DEFAULT_LANGUAGE } from '../../schemas/constants.ts';
import { API_ROOT } from './apiRoot.ts';
import type { ApiAuth } from './client.ts';

export interface ApiSettings {
  mandantId: string;
  getLanguage: () => string;
  /** The session's tokens and what to do when the server ends it (set by the composition root). */
  auth?: ApiAuth;
  /** Runs once, in parallel with loading the client (the composition root loads the error texts here). */
  onFirstUse?: () => Promise<void>;
  /** Stories and tests answer calls with a fake transport. */
  adapter?: AxiosAdapter;
}

let settings: ApiSettings = { mandantId: '', getLanguage: () => DEFAULT_LANGUAGE };
let client: Promise<AxiosInstance> | null = null;
let generation: object = {};

/** Called by the composition root once the mandant is known (and again when the store exists). */
export function configureApi(next: ApiSettings): void {
  settings = next;
  client = null;
  generation = {};
}

/**
 * The shared client, created on first use. The dynamic import keeps axios out of the entry chunk: with
 * embedded boot data the home page needs no API call before first paint (DESIGN, front-end budget).
 */
export function getApiClient(): Promise<AxiosInstance> {
  if (!client) {
    const { onFirstUse, ...options } = settings;
    client = Promise.all([import('./client.ts'), onFirstUse?.()]).then(([{ createApiClient }]) =>
      createApiClient(options),
    );
  }
  return client;
}

/**
 * Answers the server already fetched for the first paint (docs/adr/0019). The server renders the page with
 * the same calls and hands their answers over with the page, so hydrating it needs neither the HTTP client
 * nor a second round trip. Each answer is used once; later calls (a retry) go to the network.
 */
let firstPaintAnswers = new Map<string, unknown>();
/** On the server, while a first paint renders: the answers to hand over. */
let recording: Map<string, unknown> | null = null;

/** Browser: the answers that came with the server-rendered page. */
export function seedFirstPaintAnswers(answers: Readonly<Record<string, unknown>>): void {
  firstPaintAnswers = new Map(Object.entries(answers));
}

/** Server: collects the answers of the GET calls made through `apiGet` until `stop` is called. */
export function recordFirstPaintAnswers(): { answers: Map<string, unknown>; stop: () => void } {
  const answers = new Map<string, unknown>();
  recording = answers;
  return {
    answers,
    stop: () => {
      if (recording === answers) recording = null;
    },
  };
}

export interface ApiGetOptions {
  /** Another base than `/api/v1/{mandant}` (the mandant's product API). */
  baseURL?: string;
  /** Query parameters (strings, numbers, booleans; undefined and null are left out). */
  params?: object;
}

/** A GET whose answer the first paint may carry: the same path, query and language make the same key. */
export async function apiGet<T>(path: string, options: ApiGetOptions = {}): Promise<T> {
  const key = answerKey(path, options);
  if (firstPaintAnswers.has(key)) {
    const answer = firstPaintAnswers.get(key) as T;
    firstPaintAnswers.delete(key);
    return answer;
  }
  const client = await getApiClient();
  const { data } = await client.get<T>(path, {
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    ...(options.params ? { params: options.params } : {}),
  });
  recording?.set(key, data);
  return data;
}

function answerKey(path: string, { baseURL, params }: ApiGetOptions): string {
  const base = baseURL ?? `${API_ROOT}/${encodeURIComponent(settings.mandantId)}`;
  const query = new URLSearchParams(
    Object.entries(params ?? {}).flatMap(([name, value]: [string, unknown]) =>
      value === undefined || value === null ? [] : [[name, String(value)]],
    ),
  ).toString();
  return `${settings.getLanguage()} ${base}${path}${query ? `?${query}` : ''}`;
}

/** Changes whenever the API is configured anew: caches of answers key on it (without loading the client). */
export function apiGeneration(): object {
  return generation;
}
