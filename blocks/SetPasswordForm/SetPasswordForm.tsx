import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  errorKey,
  preloadApi,
  RouteLink,
  useAccountLifecycle,
  useNavigateToRoute,
  useRoute,
  useT,
} from '../../runtime/index.ts';
import type { ValidateResetPasswordResponse } from '../../schemas/account.ts';
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
import { usePasswordRules } from '../shared/usePasswordRules.ts';
import type { SetPasswordFormProps } from './schema.ts';

/** Answers that mean the link itself is dead: the form gives way to what to do next. */
const DEAD_LINK: readonly ErrorCode[] = ['PSOF0201', 'PSOF0209', 'PSOF0203', 'PSOF0205', 'PSOF0206'];

type LinkState =
  | { kind: 'checking' }
  | { kind: 'valid'; link: ValidateResetPasswordResponse }
  | { kind: 'dead'; code: ErrorCode };

/**
 * The target of the welcome mail (purpose `welcome`, CompleteRegistration) and the reset mail (`reset`,
 * SetPassword): checks the link's `token` (PUT /account/validateResetPassword), then sets the password
 * (PUT /account/resetPassword), which logs in (SPEC 4) and leads to the personal area. An expired link
 * offers "forgot password" (PSOF0201), a used one says so (PSOF0209).
 */
export function SetPasswordForm({ purpose, headline, intro }: SetPasswordFormProps) {
  const t = useT();
  const { validateResetLink, resetPassword } = useAccountLifecycle();
  const { params } = useRoute();
  const navigateTo = useNavigateToRoute();
  const rules = usePasswordRules();
  const id = useId();
  const token = params.token ?? '';
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<LinkState>({ kind: 'checking' });
  const [errors, setErrors] = useState<PasswordFieldErrors>(NO_PASSWORD_ERRORS);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    // The catalogue's texts load with the client: a dead link's message must be there when it shows.
    void Promise.all([validateResetLink(token), preloadApi()]).then(
      ([link]) => current && setState({ kind: 'valid', link }),
      (error: unknown) =>
        void preloadApi().then(() => current && setState({ kind: 'dead', code: failureCode(error) })),
    );
    return () => {
      current = false;
    };
  }, [token, validateResetLink]);

  const labels = {
    password: t(purpose === 'welcome' ? 'password.choose' : 'password.new'),
    confirm: t('password.confirm'),
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const values = { password: passwordRef.current?.value ?? '', confirm: confirmRef.current?.value ?? '' };
    const found = checkPasswordFields(t, values, rules, labels);
    setErrors(found);
    setFailure(null);
    if (found.password) return passwordRef.current?.focus();
    if (found.confirm) return confirmRef.current?.focus();
    setBusy(true);
    try {
      const user = await resetPassword({
        Token: token,
        Password: values.password,
        PasswordConfirm: values.confirm,
      });
      navigateTo('Dashboard', { replace: true, locale: user.Language });
    } catch (error) {
      setBusy(false);
      const code = failureCode(error);
      if (DEAD_LINK.includes(code)) return setState({ kind: 'dead', code });
      const fieldErrors = serverPasswordErrors(t, error);
      if (fieldErrors) {
        setErrors(fieldErrors);
        return (fieldErrors.password ? passwordRef : confirmRef).current?.focus();
      }
      setFailure(failureMessage(t, error));
    }
  }

  const title = headline ?? `setPassword.${purpose}.headline`;
  return (
    <section className={panel.panel} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(title)}</h1>
        {state.kind === 'checking' && <p role="status">{t('setPassword.checking')}</p>}
        {state.kind === 'dead' && (
          <>
            <p className={panel.alert} role="alert">
              {t(errorKey(state.code))}
            </p>
            <div className={panel.actions}>
              <RouteLink to="ForgotPassword" className="button">
                {t('setPassword.requestNewLink')}
              </RouteLink>
              <RouteLink to="Login">{t('setPassword.toLogin')}</RouteLink>
            </div>
          </>
        )}
        {state.kind === 'valid' && (
          <>
            <p>{t(intro ?? `setPassword.${purpose}.intro`, { vorname: state.link.Vorname })}</p>
            <form className={form.form} noValidate onSubmit={submit} aria-labelledby={`${id}-headline`}>
              {failure && (
                <p className={panel.alert} role="alert">
                  {failure}
                </p>
              )}
              {/* Lets password managers store the new password under the right account. */}
              <input
                type="email"
                name="username"
                autoComplete="username"
                value={state.link.Email}
                readOnly
                hidden
              />
              <p className={form.hint}>{t('setPassword.account', { email: state.link.Email })}</p>
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
                {t(busy ? 'setPassword.submitting' : `setPassword.${purpose}.submit`)}
              </button>
            </form>
          </>
        )}
      </div>
    </section>
  );
}
