import type { Ref } from 'react';
import { useT } from '../../runtime/index.ts';
import type { PasswordRules } from '../../schemas/password.ts';
import type { PasswordFieldErrors } from './passwordFieldErrors.ts';
import { TextField } from './TextField.tsx';

export interface PasswordFieldsProps {
  id: string;
  /** Label of the new password ("Passwort" when registering, "Neues Passwort" when changing). */
  label: string;
  confirmLabel: string;
  rules: PasswordRules;
  errors: PasswordFieldErrors;
  passwordRef: Ref<HTMLInputElement>;
  confirmRef: Ref<HTMLInputElement>;
}

/**
 * A new password and its confirmation. The rules (as the server serves them, SPEC 5) are listed under the
 * label and tied to the field, so they are read out before anyone types — not only after a mistake.
 */
export function PasswordFields({
  id,
  label,
  confirmLabel,
  rules,
  errors,
  passwordRef,
  confirmRef,
}: PasswordFieldsProps) {
  const t = useT();
  const hint = (
    <>
      {t('password.rules.title')}
      <ul>
        <li>{t('password.rules.minLength', { count: rules.MinLength })}</li>
        {rules.Lowercase && <li>{t('password.rules.lowercase')}</li>}
        {rules.Uppercase && <li>{t('password.rules.uppercase')}</li>}
        {rules.Digit && <li>{t('password.rules.digit')}</li>}
        {rules.RefuseCommon && <li>{t('password.rules.common')}</li>}
      </ul>
    </>
  );
  return (
    <>
      <TextField
        id={`${id}-password`}
        label={label}
        hint={hint}
        error={errors.password}
        inputRef={passwordRef}
        type="password"
        name="new-password"
        autoComplete="new-password"
      />
      <TextField
        id={`${id}-confirm`}
        label={confirmLabel}
        error={errors.confirm}
        inputRef={confirmRef}
        type="password"
        name="confirm-password"
        autoComplete="new-password"
      />
    </>
  );
}
