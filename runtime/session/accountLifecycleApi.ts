import type { PasswordRules } from '../../domain/password.ts';
import type {
  AccountMailResponse,
  CreateEmpfehlerRequest,
  LoginResponse,
  ResetPasswordRequest,
  ResetPasswordWithoutTokenRequest,
  ValidateResetPasswordResponse,
} from '../../schemas/account.ts';
import {
  type EinladungAnsicht,
  type EinladungRegistrierenRequest,
  INVITATION_PATHS,
} from '../../schemas/agency.ts';
import { getApiClient } from '../api/api.ts';

/** The account lifecycle calls of SPEC 7 (registration and passwords); loaded with the forms that use them. */
export async function postCreateRecommender(body: CreateEmpfehlerRequest): Promise<AccountMailResponse> {
  return (await (await getApiClient()).post<AccountMailResponse>('/account/createEmpfehler', body)).data;
}

export async function getResendWelcomeMail(email: string): Promise<AccountMailResponse> {
  const client = await getApiClient();
  return (await client.get<AccountMailResponse>(`/account/resendWelcomeMail/${encodeURIComponent(email)}`))
    .data;
}

/** Forgot password: the server mails a reset link (or, to an unknown address, that it is not registered). */
export async function getResetPassword(email: string): Promise<AccountMailResponse> {
  const client = await getApiClient();
  return (await client.get<AccountMailResponse>(`/account/resetPassword/${encodeURIComponent(email)}`)).data;
}

export async function putValidateResetPassword(token: string): Promise<ValidateResetPasswordResponse> {
  const client = await getApiClient();
  return (await client.put<ValidateResetPasswordResponse>('/account/validateResetPassword', { Token: token }))
    .data;
}

export async function putResetPassword(body: ResetPasswordRequest): Promise<LoginResponse> {
  return (await (await getApiClient()).put<LoginResponse>('/account/resetPassword', body)).data;
}

export async function putResetPasswordWithoutToken(
  body: ResetPasswordWithoutTokenRequest,
): Promise<LoginResponse> {
  return (await (await getApiClient()).put<LoginResponse>('/account/resetPasswordWithoutToken', body)).data;
}

export async function getPasswordRules(): Promise<PasswordRules> {
  return (await (await getApiClient()).get<PasswordRules>('/account/passwortvalidator')).data;
}

/** The invited customer's page: whom an agency's invitation link is for (404 PSOF0632, 410 PSOF0633/0634). */
export async function getInvitation(token: string): Promise<EinladungAnsicht> {
  return (await (await getApiClient()).get<EinladungAnsicht>(INVITATION_PATHS.invitation(token))).data;
}

/** Completes the invited customer's registration; the answer is a login answer. */
export async function postInvitationRegistration(
  token: string,
  body: EinladungRegistrierenRequest,
): Promise<LoginResponse> {
  return (await (await getApiClient()).post<LoginResponse>(INVITATION_PATHS.register(token), body)).data;
}
