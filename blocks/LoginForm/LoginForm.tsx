import type { UiSchema } from '@rjsf/utils';
import { useEffect, useId, useMemo, useState } from 'react';
import {
  afterLoginTarget,
  preloadApi,
  RouteLink,
  SchemaForm,
  useFormSubmit,
  useLocation,
  useNavigateToRoute,
  useRouteHref,
  useRouteTable,
  useSession,
  useT,
} from '../../runtime/index.ts';
import type { LoginData } from '../../schemas/forms/login.ts';
import { useLoginCaptcha } from '../shared/loginCaptcha.tsx';
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
  const captcha = useLoginCaptcha(id);

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
    if (!captcha.ready()) return;
    const outcome = await submit.run(async () => {
      await preloadApi();
      return login({ Email: data.Email ?? '', Password: data.Password ?? '', ...captcha.fields() });
    }, captcha.onFailure);
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
              {captcha.field}
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
