import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  errorKey,
  preloadApi,
  RouteLink,
  useAccountLifecycle,
  useSession,
  useT,
} from '../../runtime/index.ts';
import type { ErrorCode } from '../../schemas/errors.ts';
import form from '../shared/AccountForm.module.css';
import { failureCode, failureMessage } from '../shared/accountFormErrors.ts';
import panel from '../shared/Panel.module.css';
import { PasswordFields } from '../shared/PasswordFields.tsx';
import {
  checkPasswordFields,
  NO_PASSWORD_ERRORS,
  type PasswordFieldErrors,
  serverPasswordErrors,
} from '../shared/passwordFieldErrors.ts';
import { TextField } from '../shared/TextField.tsx';
import { usePasswordRules } from '../shared/usePasswordRules.ts';
import type { ChangePasswordFormProps } from './schema.ts';

/** Failures that are ours, not the user's: SPEC 8's "Fehler: Passwort konnte nicht geändert werden …". */
const TECHNICAL: readonly ErrorCode[] = ['PSOF0001', 'PSOF0002', 'PSOF0003', 'PSOF0223'];

/**
 * Change password (SPEC 2 ChangePassword, login required): current password, new password and its
 * confirmation (PUT /account/resetPasswordWithoutToken). Success says SPEC's 'Passwort erfolgreich
 * geändert.'; the server ends every other session and this one continues with the token it answers.
 */
export function ChangePasswordForm({
  headline = 'changePassword.headline',
  intro = 'changePassword.intro',
}: ChangePasswordFormProps) {
  const t = useT();
  const { user } = useSession();
  const { changePassword } = useAccountLifecycle();
  const rules = usePasswordRules();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const currentRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const successRef = useRef<HTMLParagraphElement>(null);
  const [currentError, setCurrentError] = useState<string | null>(null);
  const [errors, setErrors] = useState<PasswordFieldErrors>(NO_PASSWORD_ERRORS);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [changed, setChanged] = useState(false);

  useEffect(() => {
    void preloadApi();
  }, []);

  useEffect(() => {
    if (changed) successRef.current?.focus();
  }, [changed]);

  const labels = {
    current: t('password.current'),
    password: t('password.new'),
    confirm: t('password.confirm'),
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const current = currentRef.current?.value ?? '';
    const values = { password: passwordRef.current?.value ?? '', confirm: confirmRef.current?.value ?? '' };
    const missingCurrent = current === '' ? t('form.required', { field: labels.current }) : null;
    const found = checkPasswordFields(t, values, rules, labels);
    setCurrentError(missingCurrent);
    setErrors(found);
    setFailure(null);
    setChanged(false);
    if (missingCurrent) return currentRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    if (found.confirm) return confirmRef.current?.focus();
    setBusy(true);
    try {
      await changePassword({
        OldPassword: current,
        Password: values.password,
        PasswordConfirm: values.confirm,
      });
      formRef.current?.reset();
      setChanged(true);
    } catch (error) {
      const code = failureCode(error);
      if (code === 'PSOF0224') {
        setCurrentError(t(errorKey(code)));
        currentRef.current?.focus();
      } else {
        const fieldErrors = serverPasswordErrors(t, error);
        if (fieldErrors) {
          setErrors(fieldErrors);
          (fieldErrors.password ? passwordRef : confirmRef).current?.focus();
        } else {
          setFailure(TECHNICAL.includes(code) ? t(errorKey('PSOF0223')) : failureMessage(t, error));
        }
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={panel.panel} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline)}</h1>
        <p>{t(intro)}</p>
        {changed && (
          <p ref={successRef} tabIndex={-1} className={form.success} role="status">
            {t('changePassword.success')} {t('changePassword.otherSessions')}
          </p>
        )}
        <form
          ref={formRef}
          className={form.form}
          noValidate
          onSubmit={submit}
          aria-labelledby={`${id}-headline`}
        >
          {failure && (
            <p className={panel.alert} role="alert">
              {failure}
            </p>
          )}
          {user && (
            <input type="email" name="username" autoComplete="username" value={user.Email} readOnly hidden />
          )}
          <TextField
            id={`${id}-current`}
            label={labels.current}
            error={currentError}
            inputRef={currentRef}
            type="password"
            name="current-password"
            autoComplete="current-password"
          />
          <PasswordFields
            id={id}
            label={labels.password}
            confirmLabel={labels.confirm}
            rules={rules}
            errors={errors}
            passwordRef={passwordRef}
            confirmRef={confirmRef}
          />
          <button type="submit" className={`button ${form.submit}`} aria-disabled={busy || undefined}>
            {t(busy ? 'changePassword.submitting' : 'changePassword.submit')}
          </button>
        </form>
        <div className={panel.actions}>
          <RouteLink to="Dashboard">{t('changePassword.toDashboard')}</RouteLink>
        </div>
      </div>
    </section>
  );
}
