import type { UiSchema } from '@rjsf/utils';
import { useEffect, useId, useMemo, useState } from 'react';
import {
  afterLoginTarget,
  captchaChallengeUrl,
  errorKey,
  failureMessage,
  preloadApi,
  RouteLink,
  SchemaForm,
  useFormSubmit,
  useLanguage,
  useLocation,
  useMandant,
  useNavigateToRoute,
  useRouteHref,
  useRouteTable,
  useSession,
  useT,
} from '../../runtime/index.ts';
import type { LoginData } from '../../schemas/forms/login.ts';
import { CaptchaField } from '../shared/captcha/index.ts';
import styles from './LoginForm.module.css';
import type { LoginFormProps } from './schema.ts';

/**
 * E-mail and password login (SPEC 2, Login) on the one form mechanism (SchemaForm, schemas/forms/login.ts —
 * the same schema the login route validates). Field errors sit under their field; the server's answer
 * (wrong password, blocked account, too many attempts, offline) is announced as an alert. After login it
 * goes back to the page in the redirect query, else the personal area, in the language stored with the
 * account. After failed logins the server asks for the ALTCHA captcha (422 PSOF0307/PSOF0308, ADR 0024):
 * the widget then appears above the button, as on the recommend form, and the next try carries it.
 */
export function LoginForm({ headline = 'login.headline', intro = 'login.intro' }: LoginFormProps) {
  const t = useT();
  const { user, login } = useSession();
  const navigateTo = useNavigateToRoute();
  const table = useRouteTable();
  const { search } = useLocation();
  const forgotPasswordHref = useRouteHref('ForgotPassword');
  const id = useId();
  const submit = useFormSubmit();
  const [formData, setFormData] = useState<LoginData>({});
  const [loggedIn, setLoggedIn] = useState(false);
  const mandant = useMandant();
  const language = useLanguage();
  const [captchaRequired, setCaptchaRequired] = useState(false);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [captchaReset, setCaptchaReset] = useState(0);

  useEffect(() => {
    void preloadApi();
  }, []);

  const uiSchema = useMemo<UiSchema<LoginData>>(
    () => ({
      Email: { 'ui:title': t('login.email'), 'ui:widget': 'email', 'ui:autocomplete': 'email' },
      Password: {
        'ui:title': t('login.password'),
        'ui:widget': 'password',
        'ui:autocomplete': 'current-password',
      },
    }),
    [t],
  );

  async function send(data: LoginData) {
    if (captchaRequired && !captcha) {
      setCaptchaError(t(errorKey('PSOF0307')));
      document.getElementById(`${id}-captcha`)?.querySelector<HTMLElement>('input')?.focus();
      return;
    }
    const outcome = await submit.run(
      async () => {
        await preloadApi();
        return login({
          Email: data.Email ?? '',
          Password: data.Password ?? '',
          ...(captchaRequired && captcha ? { Captcha: captcha } : {}),
        });
      },
      (code, error) => {
        // A solution is used up by every try: the widget starts over whatever the answer.
        setCaptcha(null);
        setCaptchaReset((key) => key + 1);
        if (code !== 'PSOF0307' && code !== 'PSOF0308') return undefined;
        setCaptchaRequired(true);
        setCaptchaError(failureMessage(t, error));
        return null;
      },
    );
    if (!outcome?.ok) return;
    setLoggedIn(true);
    const target = afterLoginTarget(search, table, 'Dashboard');
    navigateTo(target.name, { params: target.params, replace: true, locale: outcome.value.Language });
  }

  const headingId = `${id}-headline`;
  return (
    <section className={styles.login} aria-labelledby={headingId}>
      <div className="container">
        <h1 id={headingId}>{t(headline)}</h1>
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
            <SchemaForm<LoginData>
              form="login"
              idPrefix={`${id}-login`}
              labelledBy={headingId}
              uiSchema={uiSchema}
              formData={formData}
              // Logged in: busy until the next page is there.
              submit={{ ...submit, busy: submit.busy || loggedIn }}
              submitLabel="login.submit"
              busyLabel="login.submitting"
              onChange={setFormData}
              onSubmit={send}
            >
              {captchaRequired && (
                <CaptchaField
                  id={`${id}-captcha`}
                  challengeUrl={captchaChallengeUrl(mandant.id)}
                  language={language}
                  loadingText={t('login.captchaLoading')}
                  onChange={(payload) => {
                    setCaptcha(payload);
                    if (payload) setCaptchaError(null);
                  }}
                  resetKey={captchaReset}
                  error={captchaError}
                />
              )}
            </SchemaForm>
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
