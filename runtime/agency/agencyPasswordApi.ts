import type { AgencyTokenResponse } from '../../schemas/account.ts';
import {
  AGENCY_PASSWORD_PATHS,
  type AgencyChangePasswordRequest,
  type AgencyForgotPasswordResponse,
  type AgencySetPasswordRequest,
} from '../../schemas/agencyPasswords.ts';
import { getApiClient } from '../api/api.ts';

/**
 * The agency staff's password calls (server/agency/passwords), loaded with the password forms that use them.
 * The change carries the agency session's token (an `agentur/` path, runtime/session/authToken.ts).
 */
export async function putAgencyForgotPassword(email: string): Promise<AgencyForgotPasswordResponse> {
  const client = await getApiClient();
  return (await client.put<AgencyForgotPasswordResponse>(AGENCY_PASSWORD_PATHS.forgot, { Email: email }))
    .data;
}

export async function putAgencySetPassword(body: AgencySetPasswordRequest): Promise<AgencyTokenResponse> {
  return (await (await getApiClient()).put<AgencyTokenResponse>(AGENCY_PASSWORD_PATHS.set, body)).data;
}

export async function putAgencyChangePassword(
  body: AgencyChangePasswordRequest,
): Promise<AgencyTokenResponse> {
  return (await (await getApiClient()).put<AgencyTokenResponse>(AGENCY_PASSWORD_PATHS.change, body)).data;
}
