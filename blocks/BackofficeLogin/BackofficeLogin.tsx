import type { UiSchema } from '@rjsf/utils';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  afterLoginTarget,
  errorKey,
  preloadApi,
  RouteLink,
  SchemaForm,
  useBackoffice,
  useFormSubmit,
  useLanguage,
  useLocation,
  useNavigateToRoute,
  useRouteTable,
  useT,
} from '../../runtime/index.ts';
import type { BackofficeLoginStep } from '../../schemas/backoffice.ts';
import type { BackofficeSsoStart } from '../../schemas/backofficeSso.ts';
import type { BackofficeTotpData } from '../../schemas/forms/backofficeTotp.ts';
import type { LoginData } from '../../schemas/forms/login.ts';
import { useLoginCaptcha } from '../shared/loginCaptcha.tsx';
import styles from '../shared/Panel.module.css';
import { startSso } from '../shared/ssoFlow.ts';
import type { BackofficeLoginProps } from './schema.ts';
import { TotpSetup } from './TotpSetup.tsx';

/** A wrong code is the code field's problem; an expired sign-in starts again at step 1. */
const CODE_FAILURES = { PSOF0701: 'Code' } as const;

/**
 * The back office's sign-in (issue 15, ADR 0022). Step 1: e-mail and password (the login form's schema).
 * Step 2: the six-digit code of the authenticator app (the backofficeTotp form; digit keyboard, the
 * browser's one-time-code autofill). At the first sign-in step 1 answers a new secret: it is shown in groups
 * of four, as a QR code and as the otpauth link, with how to add it to an app, and the first correct code
 * confirms it. Then on to the back-office page a guard sent the visitor from, else the start page. Errors
 * come from the catalogue: a wrong code at the field, an expired sign-in back at step 1.
 */
export function BackofficeLogin({
  headline = 'backoffice.login.headline',
  text = 'backoffice.login.text',
}: BackofficeLoginProps) {
  const t = useT();
  const id = useId();
  const headingId = `${id}-headline`;
  const stepHeadingId = `${id}-step`;
  const { search } = useLocation();
  const table = useRouteTable();
  const navigateTo = useNavigateToRoute();
  const { user, login, verifyCode, sso: ssoStart } = useBackoffice();
  const language = useLanguage();
  const [sso, setSso] = useState<BackofficeSsoStart | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [step, setStep] = useState<BackofficeLoginStep | null>(null);
  const [credentials, setCredentials] = useState<LoginData>({});
  const [code, setCode] = useState<BackofficeTotpData>({});
  const passwordSubmit = useFormSubmit();
  const captcha = useLoginCaptcha(`${id}-backoffice`);
  const codeSubmit = useFormSubmit({ fieldOfCode: CODE_FAILURES });
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const mainHeading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // A new step takes the focus to its heading, so a screen reader hears where it is; back at step 1 the
  // page's heading takes it (the button that was pressed is gone). Not on the first render.
  useEffect(() => {
    if (step) {
      moved.current = true;
      stepHeading.current?.focus();
    } else if (moved.current) {
      mainHeading.current?.focus();
    }
  }, [step]);

  // Whether this mandant's team signs in by SSO (null: it does not); the password form works either way.
  useEffect(() => {
    let current = true;
    ssoStart(language).then(
      (start) => current && setSso(start),
      (error: unknown) => console.warn('Back-office single sign-on is not available', error),
    );
    return () => {
      current = false;
    };
  }, [language, ssoStart]);

  /** To the provider (PKCE S256); BackofficeSsoCallback redeems the code and goes on to the target. */
  async function signInWithSso() {
    if (!sso) return;
    setLeaving(true);
    window.location.assign(await startSso(sso, search, language, 'backofficeSso'));
  }

  const credentialsUi = useMemo<UiSchema<LoginData>>(
    () => ({
      Email: { 'ui:title': t('backoffice.login.email'), 'ui:widget': 'email', 'ui:autocomplete': 'username' },
      Password: {
        'ui:title': t('backoffice.login.password'),
        'ui:widget': 'password',
        'ui:autocomplete': 'current-password',
      },
    }),
    [t],
  );
  const codeUi = useMemo<UiSchema<BackofficeTotpData>>(
    () => ({
      Code: {
        'ui:title': t('backoffice.login.code'),
        'ui:widget': 'textWithHint',
        'ui:autocomplete': 'one-time-code',
        'ui:options': { hint: t('backoffice.login.codeHint'), inputmode: 'numeric' },
      },
    }),
    [t],
  );

  async function checkPassword(data: LoginData) {
    if (!captcha.ready()) return;
    const outcome = await passwordSubmit.run(async () => {
      await preloadApi();
      return login({ Email: data.Email ?? '', Password: data.Password ?? '', ...captcha.fields() });
    }, captcha.onFailure);
    if (!outcome?.ok) return;
    setCode({});
    setStep(outcome.value);
  }

  async function checkCode(data: BackofficeTotpData) {
    if (!step) return;
    const outcome = await codeSubmit.run(async () => {
      await preloadApi();
      // Spaces are how the app shows the code ("123 456"), not part of it.
      return verifyCode({ Challenge: step.Challenge, Code: (data.Code ?? '').replace(/\s/g, '') });
    });
    if (outcome?.ok) {
      const target = afterLoginTarget(search, table, 'BackofficeHome');
      navigateTo(target.name, { params: target.params, replace: true });
    } else if (outcome?.code === 'PSOF0702') {
      // The challenge is spent (expired, or too many wrong codes): the password again, with the reason.
      restart();
      passwordSubmit.setFailure(t(errorKey('PSOF0702')));
    }
  }

  function restart() {
    setStep(null);
    setCode({});
    setCredentials((current) => ({ Email: current.Email }));
  }

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <div className="container">
        <h1 id={headingId} ref={mainHeading} tabIndex={-1}>
          {t(headline)}
        </h1>
        {step === null ? (
          <>
            <p>{t(text)}</p>
            {user && (
              <>
                <p>{t('backoffice.login.signedIn', { name: user.Name })}</p>
                <div className={styles.actions}>
                  <RouteLink to="BackofficeHome" className="button">
                    {t('backoffice.login.toHome')}
                  </RouteLink>
                </div>
              </>
            )}
            <SchemaForm<LoginData>
              key="password"
              form="login"
              idPrefix={`${id}-backoffice-login`}
              labelledBy={headingId}
              uiSchema={credentialsUi}
              formData={credentials}
              submit={passwordSubmit}
              submitLabel="backoffice.login.submit"
              busyLabel="backoffice.login.submitting"
              onChange={setCredentials}
              onSubmit={checkPassword}
            >
              {captcha.field}
            </SchemaForm>
            {/* Below the form: it arrives after hydration and must not push the form down. */}
            {sso && (
              <div className={styles.actions}>
                <button type="button" className="button" onClick={signInWithSso} disabled={leaving}>
                  {t(leaving ? 'backoffice.sso.leaving' : 'backoffice.sso.start')}
                </button>
              </div>
            )}
          </>
        ) : (
          <>
            <h2 id={stepHeadingId} ref={stepHeading} tabIndex={-1}>
              {t(
                step.Schritt === 'totpEinrichten'
                  ? 'backoffice.login.setupHeadline'
                  : 'backoffice.login.codeHeadline',
              )}
            </h2>
            {step.Schritt === 'totpEinrichten' && step.Geheimnis && step.OtpauthUri ? (
              <TotpSetup secret={step.Geheimnis} uri={step.OtpauthUri} />
            ) : (
              <p>{t('backoffice.login.codeText')}</p>
            )}
            <SchemaForm<BackofficeTotpData>
              key="code"
              form="backofficeTotp"
              idPrefix={`${id}-backoffice-code`}
              labelledBy={stepHeadingId}
              uiSchema={codeUi}
              formData={code}
              submit={codeSubmit}
              submitLabel="backoffice.login.verify"
              busyLabel="backoffice.login.verifying"
              onChange={setCode}
              onSubmit={checkCode}
            />
            <div className={styles.actions}>
              <button type="button" className="button button-inverse" onClick={restart}>
                {t('backoffice.login.restart')}
              </button>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
