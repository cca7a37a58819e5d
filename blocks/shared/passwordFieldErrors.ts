import type { ErrorSchema, FormValidation } from '@rjsf/utils';
import type { TFunction } from 'i18next';
import { checkNewPassword, PASSWORD_PROBLEM_CODES, type PasswordRules } from '../../domain/password.ts';
import { errorKey } from '../../runtime/index.ts';
import type { ErrorCode } from '../../schemas/errors.ts';

/** The new password and its confirmation, with their wire names (schemas/forms/setPassword.ts). */
export interface NewPasswordData {
  Password?: string;
  PasswordConfirm?: string;
}

/**
 * The uiSchema of a new password and its confirmation, the same in every form that sets one (set password,
 * change password, registration by invitation, agency registration): the rules shown under the password.
 */
export function newPasswordUiSchema(labels: { password: string; confirm: string }, rules: PasswordRules) {
  return {
    Password: {
      'ui:title': labels.password,
      'ui:widget': 'passwordRules',
      'ui:autocomplete': 'new-password',
      'ui:options': { rules },
    },
    PasswordConfirm: {
      'ui:title': labels.confirm,
      'ui:widget': 'passwordRules',
      'ui:autocomplete': 'new-password',
    },
  };
}

const hasErrors = (field: { __errors?: unknown[] } | undefined) => (field?.__errors?.length ?? 0) > 0;

/**
 * The part of a password form's customValidate that a JSON Schema cannot state (SPEC 5): the rules the server
 * serves and "passwords must match", through the same `checkNewPassword` the server runs, worded by the
 * catalogue code the server would answer. Only where the schema found nothing (an empty field is required
 * first): one message per field.
 */
export function validateNewPassword(
  t: TFunction,
  rules: PasswordRules,
  data: NewPasswordData | undefined,
  errors: FormValidation<NewPasswordData>,
  errorSchema: ErrorSchema<NewPasswordData> | undefined,
): FormValidation<NewPasswordData> {
  const password = data?.Password ?? '';
  const confirm = data?.PasswordConfirm ?? '';
  if (password === '') return errors;
  const problems = checkNewPassword(password, confirm === '' ? undefined : confirm, rules);
  const rule = problems.find((problem) => problem !== 'mismatch');
  if (rule && !hasErrors(errorSchema?.Password)) {
    errors.Password?.addError(t(errorKey(PASSWORD_PROBLEM_CODES[rule])));
  }
  if (problems.includes('mismatch') && !hasErrors(errorSchema?.PasswordConfirm)) {
    errors.PasswordConfirm?.addError(t(errorKey('PSOF0221')));
  }
  return errors;
}

/**
 * Where the server's refusals of a new password are shown (useFormSubmit's `fieldOfCode`): the confirmation
 * (PSOF0221) or the new password (a broken rule PSOF0220, a common one PSOF0222, the current one again PSOF0226).
 */
export const NEW_PASSWORD_FIELD_OF_CODE = {
  PSOF0221: 'PasswordConfirm',
  PSOF0220: 'Password',
  PSOF0222: 'Password',
  PSOF0226: 'Password',
} as const satisfies Partial<Record<ErrorCode, keyof NewPasswordData>>;
