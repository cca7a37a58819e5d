import type { AxiosAdapter, AxiosInstance } from 'axios';
import { DEFAULT_LANGUAGE } from '../../schemas/constants.ts';
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

/** Called by the composition root once the mandant is known (and again when the store exists). */
export function configureApi(next: ApiSettings): void {
  settings = next;
  client = null;
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
