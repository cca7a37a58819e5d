import type { UiSchema } from '@rjsf/utils';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  ApiRequestError,
  afterLoginTarget,
  errorKey,
  preloadApi,
  RouteLink,
  SchemaForm,
  useFormSubmit,
  useLanguage,
  useLocation,
  useNavigateToRoute,
  useRouteTable,
  useSession,
  useT,
} from '../../runtime/index.ts';
import type { AgencySsoStart } from '../../schemas/agencySso.ts';
import type { LoginData } from '../../schemas/forms/login.ts';
import { useLoginCaptcha } from '../shared/loginCaptcha.tsx';
import styles from '../shared/Panel.module.css';
import { startSso, takePendingSso } from '../shared/ssoFlow.ts';
import type { AgencyLoginProps } from './schema.ts';

/** Query parameter of the agency invitation link that carries the agency token. */
const TOKEN_QUERY = 't';

/** What the page is doing with the address it was opened with. */
type Arrival =
  | { kind: 'token'; token: string }
  | { kind: 'sso'; code: string; state: string | null; iss: string | null }
  | { kind: 'ssoError' }
  | { kind: 'none' };

function arrivalOf(search: string): Arrival {
  const query = new URLSearchParams(search);
  const token = query.get(TOKEN_QUERY);
  if (token) return { kind: 'token', token };
  const code = query.get('code');
  if (code) return { kind: 'sso', code, state: query.get('state'), iss: query.get('iss') };
  // The provider sends `error` (e.g. access_denied) when the sign-in there was cancelled or failed.
  if (query.get('error') && query.get('state')) return { kind: 'ssoError' };
  return { kind: 'none' };
}

/**
 * Agency sign-in (SPEC 2 agency login, SPEC 9): "Mit Single Sign-on anmelden" when the mandant's agencies
 * have an identity provider (authorization code flow with PKCE S256; the provider sends the browser back
 * here with `?code=&state=`, the state is checked, PUT agentur/sso), and e-mail and password for agencies
 * without SSO (SchemaForm, the login form's schema). The invitation link's token (`?t=`) still signs in
 * directly. Then on to the agency area, or the page a guard sent the visitor from.
 */
export function AgencyLogin({
  headline = 'agencyLogin.headline',
  text = 'agencyLogin.text',
}: AgencyLoginProps) {
  const t = useT();
  const id = useId();
  const headingId = `${id}-headline`;
  const passwordHeadingId = `${id}-password`;
  const language = useLanguage();
  const { search } = useLocation();
  const table = useRouteTable();
  const { agencyUser, loginAgency, loginAgencySso, loginAgencyWithPassword, agencySso } = useSession();
  const navigateTo = useNavigateToRoute();
  const arrival = useMemo(() => arrivalOf(search), [search]);
  const [failure, setFailure] = useState<string | null>(null);
  const [sso, setSso] = useState<AgencySsoStart | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [formData, setFormData] = useState<LoginData>({});
  const submit = useFormSubmit();
  const captcha = useLoginCaptcha(`${id}-agency`);
  const next = useRef({ navigateTo, table });
  next.current = { navigateTo, table };

  /** Signed in: to the target of `loginSearch` (the login page's query before any round trip). */
  const goOn = (loginSearch: string) => {
    const { navigateTo: go, table: routes } = next.current;
    const target = afterLoginTarget(loginSearch, routes, 'AgencyArea');
    // Token or code leave the address bar: replace, so "back" does not show them again.
    go(target.name, { params: target.params, replace: true });
  };
  const goOnRef = useRef(goOn);
  goOnRef.current = goOn;

  const refuse = async (error: unknown, invalidKey: string) => {
    await preloadApi();
    const code = error instanceof ApiRequestError ? error.code : 'PSOF0001';
    return code === 'PSOF0204' ? invalidKey : errorKey(code);
  };
  const refuseRef = useRef(refuse);
  refuseRef.current = refuse;

  useEffect(() => {
    let current = true;
    if (arrival.kind === 'token') {
      loginAgency(arrival.token).then(
        () => current && goOnRef.current(search),
        // The server answers PSOF0204 for any token it does not accept: for a link that means invalid.
        async (error: unknown) => {
          const key = await refuseRef.current(error, 'agencyLogin.invalid');
          if (current) setFailure(key);
        },
      );
    } else if (arrival.kind === 'sso') {
      const pending = takePendingSso(arrival.code);
      // Only the answer to a sign-in this tab started, with the state it sent (no login CSRF).
      if (!pending || arrival.state !== pending.state) {
        setFailure('agencyLogin.ssoStateMismatch');
      } else {
        loginAgencySso({
          Code: arrival.code,
          Verifier: pending.verifier,
          State: pending.state,
          ...(arrival.iss ? { Iss: arrival.iss } : {}),
          Sprache: language,
        }).then(
          () => current && goOnRef.current(pending.search),
          async (error: unknown) => {
            const key = await refuseRef.current(error, 'agencyLogin.ssoFailed');
            if (current) setFailure(key);
          },
        );
      }
    } else if (arrival.kind === 'ssoError') {
      takePendingSso('error');
      setFailure('agencyLogin.ssoFailed');
    }
    return () => {
      current = false;
    };
  }, [arrival, search, language, loginAgency, loginAgencySso]);

  // Whether this mandant's agencies sign in by SSO: asked once the page is here (null: they do not).
  useEffect(() => {
    if (arrival.kind === 'token' || arrival.kind === 'sso') return;
    let current = true;
    agencySso(language).then(
      (start) => current && setSso(start),
      // Without SSO the e-mail and password form still works; the reason is for the developer.
      (error: unknown) => console.warn('Agency single sign-on is not available', error),
    );
    return () => {
      current = false;
    };
  }, [arrival.kind, language, agencySso]);

  const uiSchema = useMemo<UiSchema<LoginData>>(
    () => ({
      Email: { 'ui:title': t('agencyLogin.email'), 'ui:widget': 'email', 'ui:autocomplete': 'email' },
      Password: {
        'ui:title': t('agencyLogin.password'),
        'ui:widget': 'password',
        'ui:autocomplete': 'current-password',
      },
    }),
    [t],
  );

  async function signInWithPassword(data: LoginData) {
    if (!captcha.ready()) return;
    const outcome = await submit.run(async () => {
      await preloadApi();
      return loginAgencyWithPassword({
        Email: data.Email ?? '',
        Password: data.Password ?? '',
        ...captcha.fields(),
      });
    }, captcha.onFailure);
    if (outcome?.ok) goOn(search);
  }

  async function signInWithSso() {
    if (!sso) return;
    setLeaving(true);
    window.location.assign(await startSso(sso, search, language));
  }

  const working = (arrival.kind === 'token' || arrival.kind === 'sso') && !failure;
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <div className="container">
        <h1 id={headingId}>{t(headline)}</h1>
        {failure && (
          <p className={styles.alert} role="alert">
            {t(failure)}
          </p>
        )}
        {working ? (
          <p role="status">{t(arrival.kind === 'sso' ? 'agencyLogin.ssoPending' : 'agencyLogin.pending')}</p>
        ) : (
          <>
            <p>{t(text)}</p>
            {agencyUser && (
              <div className={styles.actions}>
                <RouteLink to="AgencyArea" className="button">
                  {t('agencyLogin.toArea')}
                </RouteLink>
              </div>
            )}
            <h2 id={passwordHeadingId}>{t('agencyLogin.passwordHeadline')}</h2>
            <SchemaForm<LoginData>
              form="login"
              idPrefix={`${id}-agency-login`}
              labelledBy={passwordHeadingId}
              uiSchema={uiSchema}
              formData={formData}
              submit={submit}
              submitLabel="agencyLogin.submit"
              busyLabel="agencyLogin.submitting"
              onChange={setFormData}
              onSubmit={signInWithPassword}
            >
              {captcha.field}
            </SchemaForm>
            <div className={styles.actions}>
              <RouteLink to="AgencyForgotPassword">{t('agencyLogin.forgotPassword')}</RouteLink>
            </div>
            {/* Below the form: it arrives after hydration and must not push the form down (no layout shift). */}
            {sso && (
              <>
                <h2>{t('agencyLogin.ssoHeadline')}</h2>
                <p>{t('agencyLogin.ssoIntro')}</p>
                <div className={styles.actions}>
                  <button type="button" className="button" onClick={signInWithSso} disabled={leaving}>
                    {t(leaving ? 'agencyLogin.ssoLeaving' : 'agencyLogin.sso')}
                  </button>
                </div>
              </>
            )}
          </>
        )}
      </div>
    </section>
  );
}
