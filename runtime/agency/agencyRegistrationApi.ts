import {
  AGENCY_REGISTRATION_PATHS,
  type AgenturBestaetigenRequest,
  type AgenturBestaetigenResponse,
  type AgenturRegistrierenDatenRequest,
  type AgenturRegistrierenDatenResponse,
  type AgenturRegistrierenRequest,
  type AgenturRegistrierenResponse,
} from '../../schemas/agencyRegistration.ts';
import { getApiClient } from '../api/api.ts';

/**
 * The calls of an agency's self-registration (issue 14, server/agency/registration): public, no session;
 * the mailed link's token and the data step's token are the credentials.
 */

/** POST /agentur/registrieren: the answer is the same for every address (the mail tells which). */
export async function registerAgency(body: AgenturRegistrierenRequest): Promise<AgenturRegistrierenResponse> {
  const client = await getApiClient();
  return (await client.post<AgenturRegistrierenResponse>(AGENCY_REGISTRATION_PATHS.register, body)).data;
}

/** PUT /agentur/bestaetigen: uses the mailed link up; answers the token of the data step. */
export async function confirmAgencyRegistration(token: string): Promise<AgenturBestaetigenResponse> {
  const body: AgenturBestaetigenRequest = { Token: token };
  const client = await getApiClient();
  return (await client.put<AgenturBestaetigenResponse>(AGENCY_REGISTRATION_PATHS.confirm, body)).data;
}

/** PUT /agentur/registrieren/daten: the additional data; the agency then waits for the programme team. */
export async function completeAgencyRegistration(
  body: AgenturRegistrierenDatenRequest,
): Promise<AgenturRegistrierenDatenResponse> {
  const client = await getApiClient();
  return (await client.put<AgenturRegistrierenDatenResponse>(AGENCY_REGISTRATION_PATHS.data, body)).data;
}
