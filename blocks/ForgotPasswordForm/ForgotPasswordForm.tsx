import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { preloadApi, RouteLink, useAccountLifecycle, useT } from '../../runtime/index.ts';
import form from '../shared/AccountForm.module.css';
import {
  emailProblem,
  type FieldProblem,
  failureMessage,
  fieldMessage,
} from '../shared/accountFormErrors.ts';
import panel from '../shared/Panel.module.css';
import { TextField } from '../shared/TextField.tsx';
import type { ForgotPasswordFormProps } from './schema.ts';

/**
 * Forgot password (SPEC 2 ForgotPassword, SPEC 7 GET /account/resetPassword/{id}): asks for the e-mail
 * and says a mail is on its way. Whether the address is registered is told in that mail only — the page
 * says the same for every address, so it cannot be used to test whose address has an account.
 */
export function ForgotPasswordForm({
  headline = 'forgotPassword.headline',
  intro = 'forgotPassword.intro',
}: ForgotPasswordFormProps) {
  const t = useT();
  const { requestPasswordReset } = useAccountLifecycle();
  const id = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const sentRef = useRef<HTMLParagraphElement>(null);
  const [problem, setProblem] = useState<FieldProblem>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  useEffect(() => {
    void preloadApi();
  }, []);

  useEffect(() => {
    if (sentTo) sentRef.current?.focus();
  }, [sentTo]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const email = emailRef.current?.value.trim() ?? '';
    const found = emailProblem(email);
    setProblem(found);
    setFailure(null);
    if (found) return emailRef.current?.focus();
    setBusy(true);
    try {
      setSentTo((await requestPasswordReset(email)).Email);
    } catch (error) {
      setFailure(failureMessage(t, error));
    } finally {
      setBusy(false);
    }
  }

  const label = t('forgotPassword.email');
  return (
    <section className={panel.panel} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline)}</h1>
        {sentTo ? (
          <>
            <p ref={sentRef} tabIndex={-1}>
              {t('forgotPassword.sent', { email: sentTo })}
            </p>
            <div className={panel.actions}>
              <RouteLink to="Login" className="button">
                {t('forgotPassword.toLogin')}
              </RouteLink>
            </div>
          </>
        ) : (
          <>
            <p>{t(intro)}</p>
            <form className={form.form} noValidate onSubmit={submit} aria-labelledby={`${id}-headline`}>
              {failure && (
                <p className={panel.alert} role="alert">
                  {failure}
                </p>
              )}
              <TextField
                id={`${id}-email`}
                label={label}
                error={fieldMessage(t, problem, label)}
                inputRef={emailRef}
                type="email"
                name="email"
                autoComplete="email"
                inputMode="email"
              />
              <button type="submit" className={`button ${form.submit}`} aria-disabled={busy || undefined}>
                {t(busy ? 'forgotPassword.submitting' : 'forgotPassword.submit')}
              </button>
            </form>
            <div className={panel.actions}>
              <RouteLink to="Login">{t('forgotPassword.toLogin')}</RouteLink>
              <RouteLink to="Registration">{t('forgotPassword.toRegistration')}</RouteLink>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
