import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  ApiRequestError,
  afterLoginTarget,
  errorKey,
  preloadApi,
  RouteLink,
  useBackoffice,
  useLanguage,
  useLocation,
  useNavigateToRoute,
  useRouteTable,
  useT,
} from '../../runtime/index.ts';
import styles from '../shared/Panel.module.css';
import { takePendingSso } from '../shared/ssoFlow.ts';
import type { BackofficeSsoCallbackProps } from './schema.ts';

/**
 * The back office's SSO callback (issue 15): the identity provider sends the browser here with
 * `?code=&state=` (or `?error=`). Only the answer to a sign-in this tab started, with the state it sent, is
 * redeemed (PUT backoffice/sso, no login CSRF); then on to the page a guard sent the visitor from, else the
 * back office's start page. A refusal is said with the catalogue's text and a link back to the sign-in.
 */
export function BackofficeSsoCallback({ headline = 'backoffice.sso.headline' }: BackofficeSsoCallbackProps) {
  const t = useT();
  const id = useId();
  const headingId = `${id}-headline`;
  const language = useLanguage();
  const { search } = useLocation();
  const table = useRouteTable();
  const navigateTo = useNavigateToRoute();
  const { loginSso } = useBackoffice();
  const [failure, setFailure] = useState<string | null>(null);
  const next = useRef({ navigateTo, table });
  next.current = { navigateTo, table };
  const arrival = useMemo(() => {
    const query = new URLSearchParams(search);
    return { code: query.get('code'), state: query.get('state'), iss: query.get('iss') };
  }, [search]);

  useEffect(() => {
    let current = true;
    const { code, state, iss } = arrival;
    const pending = code ? takePendingSso(code, 'backofficeSso') : takePendingSso('error', 'backofficeSso');
    if (!code || !pending || state !== pending.state) {
      setFailure(code ? 'backoffice.sso.stateMismatch' : 'backoffice.sso.failed');
      return;
    }
    loginSso({
      Code: code,
      Verifier: pending.verifier,
      State: pending.state,
      ...(iss ? { Iss: iss } : {}),
      Sprache: language,
    }).then(
      () => {
        if (!current) return;
        const target = afterLoginTarget(pending.search, next.current.table, 'BackofficeHome');
        // The code leaves the address bar: replace, so "back" does not show it again.
        next.current.navigateTo(target.name, { params: target.params, replace: true });
      },
      async (error: unknown) => {
        await preloadApi();
        if (current) setFailure(errorKey(error instanceof ApiRequestError ? error.code : 'PSOF0001'));
      },
    );
    return () => {
      current = false;
    };
  }, [arrival, language, loginSso]);

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <div className="container">
        <h1 id={headingId}>{t(headline)}</h1>
        {failure ? (
          <>
            <p className={styles.alert} role="alert">
              {t(failure)}
            </p>
            <div className={styles.actions}>
              <RouteLink to="BackofficeLogin" className="button">
                {t('backoffice.sso.again')}
              </RouteLink>
            </div>
          </>
        ) : (
          <p role="status">{t('backoffice.sso.pending')}</p>
        )}
      </div>
    </section>
  );
}
