import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  ApiRequestError,
  afterLoginTarget,
  errorKey,
  preloadApi,
  RouteLink,
  useLocation,
  useNavigateToRoute,
  useRouteHref,
  useRouteTable,
  useSession,
  useT,
} from '../../runtime/index.ts';
import form from '../shared/AccountForm.module.css';
import styles from './LoginForm.module.css';
import type { LoginFormProps } from './schema.ts';
import { type LoginFieldErrors, validateLogin } from './validateLogin.ts';

const NO_ERRORS: LoginFieldErrors = { email: null, password: null };

/**
 * E-mail and password login (SPEC 2, Login). Field errors sit under their field and are tied to it with
 * aria-describedby; the server's answer (wrong password, blocked account, too many attempts, offline) is
 * announced as an alert. After login it goes back to the page in the redirect query, else the personal
 * area, in the language stored with the account.
 */
export function LoginForm({ headline = 'login.headline', intro = 'login.intro' }: LoginFormProps) {
  const t = useT();
  const { user, login } = useSession();
  const navigateTo = useNavigateToRoute();
  const table = useRouteTable();
  const { search } = useLocation();
  const forgotPasswordHref = useRouteHref('ForgotPassword');
  const id = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [fieldErrors, setFieldErrors] = useState<LoginFieldErrors>(NO_ERRORS);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [loggedIn, setLoggedIn] = useState(false);

  useEffect(() => {
    void preloadApi();
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const email = emailRef.current?.value ?? '';
    const password = passwordRef.current?.value ?? '';
    const errors = validateLogin(email, password);
    setFieldErrors(errors);
    setFailure(null);
    if (errors.email) return emailRef.current?.focus();
    if (errors.password) return passwordRef.current?.focus();
    setBusy(true);
    try {
      await preloadApi();
      const account = await login({ Email: email.trim(), Password: password });
      setLoggedIn(true);
      const target = afterLoginTarget(search, table, 'Dashboard');
      navigateTo(target.name, { params: target.params, replace: true, locale: account.Language });
    } catch (error) {
      const code = error instanceof ApiRequestError ? error.code : 'PSOF0001';
      const fallback = error instanceof ApiRequestError ? error.message : '';
      setFailure(t(errorKey(code), { defaultValue: fallback }));
      setBusy(false);
    }
  }

  const fieldError = (field: keyof LoginFieldErrors, label: string): string | null => {
    const problem = fieldErrors[field];
    if (problem === 'required') return t('form.required', { field: label });
    if (problem === 'invalid') return t(errorKey('PSOF0302'));
    return null;
  };
  const emailLabel = t('login.email');
  const passwordLabel = t('login.password');
  const emailError = fieldError('email', emailLabel);
  const passwordError = fieldError('password', passwordLabel);

  return (
    <section className={styles.login} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline)}</h1>
        {user && !loggedIn ? (
          <>
            <p>{t('login.alreadyLoggedIn', { vorname: user.Vorname, nachname: user.Nachname })}</p>
            <div className={styles.links}>
              <RouteLink to="Dashboard" className="button">
                {t('login.toDashboard')}
              </RouteLink>
              <RouteLink to="Logout">{t('login.logout')}</RouteLink>
            </div>
          </>
        ) : (
          <>
            <p>{t(intro)}</p>
            <form className={form.form} noValidate onSubmit={submit} aria-labelledby={`${id}-headline`}>
              {failure && (
                <p className={styles.alert} role="alert">
                  {failure}
                </p>
              )}
              <div className={form.field}>
                <label className={form.label} htmlFor={`${id}-email`}>
                  {emailLabel}
                </label>
                <input
                  ref={emailRef}
                  id={`${id}-email`}
                  className={form.input}
                  type="email"
                  name="email"
                  autoComplete="email"
                  inputMode="email"
                  required
                  aria-invalid={emailError ? 'true' : undefined}
                  aria-describedby={emailError ? `${id}-email-error` : undefined}
                />
                {emailError && (
                  <p id={`${id}-email-error`} className={form.fieldError}>
                    {emailError}
                  </p>
                )}
              </div>
              <div className={form.field}>
                <label className={form.label} htmlFor={`${id}-password`}>
                  {passwordLabel}
                </label>
                <input
                  ref={passwordRef}
                  id={`${id}-password`}
                  className={form.input}
                  type="password"
                  name="password"
                  autoComplete="current-password"
                  required
                  aria-invalid={passwordError ? 'true' : undefined}
                  aria-describedby={passwordError ? `${id}-password-error` : undefined}
                />
                {passwordError && (
                  <p id={`${id}-password-error`} className={form.fieldError}>
                    {passwordError}
                  </p>
                )}
              </div>
              <button type="submit" className={`button ${form.submit}`} aria-disabled={busy || undefined}>
                {t(busy ? 'login.submitting' : 'login.submit')}
              </button>
            </form>
            {forgotPasswordHref && (
              <div className={styles.links}>
                <RouteLink to="ForgotPassword">{t('login.forgotPassword')}</RouteLink>
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}
