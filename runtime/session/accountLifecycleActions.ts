import { PASSWORD_RULES, type PasswordRules } from '../../domain/password.ts';
import type {
  AccountMailResponse,
  CreateEmpfehlerRequest,
  ResetPasswordRequest,
  ResetPasswordWithoutTokenRequest,
  ValidateResetPasswordResponse,
} from '../../schemas/account.ts';
import type { EinladungAnsicht, EinladungRegistrierenRequest } from '../../schemas/agency.ts';
import type {
  AgencyChangePasswordRequest,
  AgencyForgotPasswordResponse,
  AgencySetPasswordRequest,
} from '../../schemas/agencyPasswords.ts';
import {
  putAgencyChangePassword,
  putAgencyForgotPassword,
  putAgencySetPassword,
} from '../agency/agencyPasswordApi.ts';
import type { RuntimeStore } from '../state/createRuntimeStore.ts';
import {
  getInvitation,
  getPasswordRules,
  getResendWelcomeMail,
  getResetPassword,
  postCreateRecommender,
  postInvitationRegistration,
  putResetPassword,
  putResetPasswordWithoutToken,
  putValidateResetPassword,
} from './accountLifecycleApi.ts';
import { acceptAgencyLogin, acceptUserLogin } from './sessionActions.ts';
import type { AgencyUser, SessionUser } from './sessionAtoms.ts';

export const register = (body: CreateEmpfehlerRequest): Promise<AccountMailResponse> =>
  postCreateRecommender(body);
export const resendWelcomeMail = (email: string): Promise<AccountMailResponse> => getResendWelcomeMail(email);
export const requestPasswordReset = (email: string): Promise<AccountMailResponse> => getResetPassword(email);
export const validateResetLink = (token: string): Promise<ValidateResetPasswordResponse> =>
  putValidateResetPassword(token);

/** SPEC 4: a password reset logs in — the answer is a login answer and becomes the session. */
export async function resetPassword(store: RuntimeStore, body: ResetPasswordRequest): Promise<SessionUser> {
  return acceptUserLogin(store, await putResetPassword(body));
}

export const viewInvitation = (token: string): Promise<EinladungAnsicht> => getInvitation(token);

/** An agency's invited customer registers with the link; the answer is a login answer and becomes the session. */
export async function registerWithInvitation(
  store: RuntimeStore,
  token: string,
  body: EinladungRegistrierenRequest,
): Promise<SessionUser> {
  return acceptUserLogin(store, await postInvitationRegistration(token, body));
}

/** The server ends every session on a change and answers with a new token: it replaces this one. */
export async function changePassword(
  store: RuntimeStore,
  body: ResetPasswordWithoutTokenRequest,
): Promise<SessionUser> {
  return acceptUserLogin(store, await putResetPasswordWithoutToken(body));
}

/** Agency staff (issue 14): the reset mail; the same answer for every address. */
export const requestAgencyPasswordReset = (email: string): Promise<AgencyForgotPasswordResponse> =>
  putAgencyForgotPassword(email);

/** An agency welcome or reset link sets the password and signs in: the answer becomes the agency session. */
export async function setAgencyPassword(
  store: RuntimeStore,
  body: AgencySetPasswordRequest,
): Promise<AgencyUser> {
  return acceptAgencyLogin(store, await putAgencySetPassword(body));
}

/** The server ends the agency user's other sessions and answers a new token: it replaces this one. */
export async function changeAgencyPassword(
  store: RuntimeStore,
  body: AgencyChangePasswordRequest,
): Promise<AgencyUser> {
  return acceptAgencyLogin(store, await putAgencyChangePassword(body));
}

let rules: Promise<PasswordRules> | null = null;

/**
 * The server's password rules (SPEC 5), fetched once per page load. Until they arrive, or if the call
 * fails, the same rules from domain/password.ts apply — the server checks again either way.
 */
export function passwordRules(): Promise<PasswordRules> {
  if (!rules) {
    rules = getPasswordRules().catch(() => {
      rules = null;
      return PASSWORD_RULES;
    });
  }
  return rules;
}
