import { useStore } from 'jotai';
import { useMemo } from 'react';
import type { PasswordRules } from '../../domain/password.ts';
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
import type { AgencyUser, SessionUser } from './sessionAtoms.ts';

/** Registration and password calls for blocks. Every one rejects with ApiRequestError (SPEC 8 code). */
export interface AccountLifecycle {
  /** POST /account/createEmpfehler: the welcome mail goes out. */
  register(body: CreateEmpfehlerRequest): Promise<AccountMailResponse>;
  resendWelcomeMail(email: string): Promise<AccountMailResponse>;
  /** Forgot password: GET /account/resetPassword/{email}. */
  requestPasswordReset(email: string): Promise<AccountMailResponse>;
  /** Is the link of a mail still good (PSOF0201 expired, PSOF0209 used)? Does not use it up. */
  validateResetLink(token: string): Promise<ValidateResetPasswordResponse>;
  /** Sets the password with the link and logs in (SPEC 4). */
  resetPassword(body: ResetPasswordRequest): Promise<SessionUser>;
  /** The logged-in user's password change; the session continues with the new token. */
  changePassword(body: ResetPasswordWithoutTokenRequest): Promise<SessionUser>;
  /** An agency's invitation link: whom it is for (404 PSOF0632 unknown, 410 PSOF0633 expired, PSOF0634 used). */
  viewInvitation(token: string): Promise<EinladungAnsicht>;
  /** Completes the invited customer's registration with the link and logs in (like a password reset). */
  registerWithInvitation(token: string, body: EinladungRegistrierenRequest): Promise<SessionUser>;
  /** Agency staff: PUT agentur/passwortVergessen (202 for every address). */
  requestAgencyPasswordReset(email: string): Promise<AgencyForgotPasswordResponse>;
  /** Agency staff: a welcome or reset link sets the password and signs in (PSOF0201 expired, PSOF0209 used). */
  setAgencyPassword(body: AgencySetPasswordRequest): Promise<AgencyUser>;
  /** Agency staff: the password change; the agency session continues with the new token. */
  changeAgencyPassword(body: AgencyChangePasswordRequest): Promise<AgencyUser>;
  /** GET /account/passwortvalidator, once per page load. */
  passwordRules(): Promise<PasswordRules>;
}

/** The code loads on first use, like the session actions (runtime/README, budget). */
const actions = () => import('./accountLifecycleActions.ts');

export function useAccountLifecycle(): AccountLifecycle {
  const store = useStore();
  return useMemo(
    () => ({
      register: async (body) => (await actions()).register(body),
      resendWelcomeMail: async (email) => (await actions()).resendWelcomeMail(email),
      requestPasswordReset: async (email) => (await actions()).requestPasswordReset(email),
      validateResetLink: async (token) => (await actions()).validateResetLink(token),
      resetPassword: async (body) => (await actions()).resetPassword(store, body),
      changePassword: async (body) => (await actions()).changePassword(store, body),
      viewInvitation: async (token) => (await actions()).viewInvitation(token),
      registerWithInvitation: async (token, body) =>
        (await actions()).registerWithInvitation(store, token, body),
      requestAgencyPasswordReset: async (email) => (await actions()).requestAgencyPasswordReset(email),
      setAgencyPassword: async (body) => (await actions()).setAgencyPassword(store, body),
      changeAgencyPassword: async (body) => (await actions()).changeAgencyPassword(store, body),
      passwordRules: async () => (await actions()).passwordRules(),
    }),
    [store],
  );
}
