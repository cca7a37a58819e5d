import type { AxiosInstance } from 'axios';
import { DEFAULT_LANGUAGE } from '../../schemas/constants.ts';

export interface ApiSettings {
  mandantId: string;
  getLanguage: () => string;
  /** Runs once, in parallel with loading the client (the composition root loads the error texts here). */
  onFirstUse?: () => Promise<void>;
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
    const current = settings;
    client = Promise.all([import('./client.ts'), current.onFirstUse?.()]).then(([{ createApiClient }]) =>
      createApiClient({ mandantId: current.mandantId, getLanguage: () => current.getLanguage() }),
    );
  }
  return client;
}
