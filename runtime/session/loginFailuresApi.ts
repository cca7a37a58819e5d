import { getApiClient } from '../api/api.ts';

/** GET account/anmeldeversuche: failed logins with the recommender's e-mail not yet acknowledged (ADR 0024). */
export interface LoginFailures {
  Anzahl: number;
  /** ISO time of the last failure, or null. */
  Zuletzt: string | null;
}

export async function getLoginFailures(): Promise<LoginFailures> {
  return (await (await getApiClient()).get<LoginFailures>('/account/anmeldeversuche')).data;
}

/** POST account/anmeldeversuche/gesehen: the recommender has seen them; later failures show again. */
export async function acknowledgeLoginFailures(): Promise<void> {
  await (await getApiClient()).post('/account/anmeldeversuche/gesehen');
}
