import type { TFunction } from 'i18next';
import { errorKey } from '../../runtime/index.ts';
import { checkNewPassword, PASSWORD_PROBLEM_CODES, type PasswordRules } from '../../schemas/password.ts';
import { failureCode } from './accountFormErrors.ts';

/** The messages under the new password and its confirmation; null where the field is fine. */
export interface PasswordFieldErrors {
  password: string | null;
  confirm: string | null;
}

export const NO_PASSWORD_ERRORS: PasswordFieldErrors = { password: null, confirm: null };

/**
 * SPEC 5 in the browser with the rules the server serves, through the same `checkNewPassword` the server
 * runs: an empty field is a required field; a broken rule, a common password or a differing confirmation
 * is worded by the catalogue code the server would answer.
 */
export function checkPasswordFields(
  t: TFunction,
  values: { password: string; confirm: string },
  rules: PasswordRules,
  labels: { password: string; confirm: string },
): PasswordFieldErrors {
  if (values.password === '') {
    return {
      password: t('form.required', { field: labels.password }),
      confirm: values.confirm === '' ? t('form.required', { field: labels.confirm }) : null,
    };
  }
  const problems = checkNewPassword(values.password, values.confirm, rules);
  const rule = problems.find((problem) => problem !== 'mismatch');
  return {
    password: rule ? t(errorKey(PASSWORD_PROBLEM_CODES[rule])) : null,
    confirm:
      values.confirm === ''
        ? t('form.required', { field: labels.confirm })
        : problems.includes('mismatch')
          ? t(errorKey('PSOF0221'))
          : null,
  };
}

/** A server refusal that belongs under a password field (PSOF0220/0222/0226 new, PSOF0221 confirmation). */
export function serverPasswordErrors(t: TFunction, error: unknown): PasswordFieldErrors | null {
  const code = failureCode(error);
  if (code === 'PSOF0221') return { password: null, confirm: t(errorKey(code)) };
  if (code === 'PSOF0220' || code === 'PSOF0222' || code === 'PSOF0226') {
    return { password: t(errorKey(code)), confirm: null };
  }
  return null;
}
