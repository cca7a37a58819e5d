import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { preloadApi, RouteLink, useAccountLifecycle, useT } from '../../runtime/index.ts';
import form from '../shared/AccountForm.module.css';
import {
  emailProblem,
  type FieldProblem,
  failureMessage,
  fieldMessage,
  requiredProblem,
} from '../shared/accountFormErrors.ts';
import panel from '../shared/Panel.module.css';
import { TextField } from '../shared/TextField.tsx';
import type { RegistrationFormProps } from './schema.ts';

interface Problems {
  vorname: FieldProblem;
  nachname: FieldProblem;
  email: FieldProblem;
}

const NO_PROBLEMS: Problems = { vorname: null, nachname: null, email: null };

/**
 * Registration (SPEC 2 and 7: POST /account/createEmpfehler with Vorname, Nachname, Email). Afterwards the
 * form gives way to "check your mailbox" with a button to send the welcome mail again. The answer is the
 * same for a new and a registered address — the mail tells which (docs/adr/0009-mail-outbox.md).
 */
export function RegistrationForm({
  headline = 'registration.headline',
  intro = 'registration.intro',
}: RegistrationFormProps) {
  const t = useT();
  const { register, resendWelcomeMail } = useAccountLifecycle();
  const id = useId();
  const vornameRef = useRef<HTMLInputElement>(null);
  const nachnameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const sentRef = useRef<HTMLParagraphElement>(null);
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resent, setResent] = useState(false);

  useEffect(() => {
    void preloadApi();
  }, []);

  useEffect(() => {
    if (sentTo) sentRef.current?.focus();
  }, [sentTo]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const values = {
      Vorname: vornameRef.current?.value.trim() ?? '',
      Nachname: nachnameRef.current?.value.trim() ?? '',
      Email: emailRef.current?.value.trim() ?? '',
    };
    const found: Problems = {
      vorname: requiredProblem(values.Vorname),
      nachname: requiredProblem(values.Nachname),
      email: emailProblem(values.Email),
    };
    setProblems(found);
    setFailure(null);
    if (found.vorname) return vornameRef.current?.focus();
    if (found.nachname) return nachnameRef.current?.focus();
    if (found.email) return emailRef.current?.focus();
    setBusy(true);
    try {
      const answer = await register(values);
      setSentTo(answer.Email);
    } catch (error) {
      setFailure(failureMessage(t, error));
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    if (busy || !sentTo) return;
    setBusy(true);
    setFailure(null);
    setResent(false);
    try {
      await resendWelcomeMail(sentTo);
      setResent(true);
    } catch (error) {
      setFailure(failureMessage(t, error));
    } finally {
      setBusy(false);
    }
  }

  const labels = {
    vorname: t('registration.vorname'),
    nachname: t('registration.nachname'),
    email: t('registration.email'),
  };
  const alert = failure && (
    <p className={panel.alert} role="alert">
      {failure}
    </p>
  );

  return (
    <section className={panel.panel} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline)}</h1>
        {sentTo ? (
          <>
            <p ref={sentRef} tabIndex={-1}>
              {t('registration.sent', { email: sentTo })}
            </p>
            {alert}
            {resent && (
              <p className={form.success} role="status">
                {t('registration.resent', { email: sentTo })}
              </p>
            )}
            <div className={panel.actions}>
              <button
                type="button"
                className={`button ${panel.action}`}
                onClick={resend}
                aria-disabled={busy || undefined}
              >
                {t(busy ? 'registration.resending' : 'registration.resend')}
              </button>
              <RouteLink to="Login">{t('registration.toLogin')}</RouteLink>
            </div>
          </>
        ) : (
          <>
            <p>{t(intro)}</p>
            <form className={form.form} noValidate onSubmit={submit} aria-labelledby={`${id}-headline`}>
              {alert}
              <TextField
                id={`${id}-vorname`}
                label={labels.vorname}
                error={fieldMessage(t, problems.vorname, labels.vorname)}
                inputRef={vornameRef}
                name="given-name"
                autoComplete="given-name"
              />
              <TextField
                id={`${id}-nachname`}
                label={labels.nachname}
                error={fieldMessage(t, problems.nachname, labels.nachname)}
                inputRef={nachnameRef}
                name="family-name"
                autoComplete="family-name"
              />
              <TextField
                id={`${id}-email`}
                label={labels.email}
                error={fieldMessage(t, problems.email, labels.email)}
                inputRef={emailRef}
                type="email"
                name="email"
                autoComplete="email"
                inputMode="email"
              />
              <button type="submit" className={`button ${form.submit}`} aria-disabled={busy || undefined}>
                {t(busy ? 'registration.submitting' : 'registration.submit')}
              </button>
            </form>
            <div className={panel.actions}>
              <RouteLink to="Login">{t('registration.toLogin')}</RouteLink>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
