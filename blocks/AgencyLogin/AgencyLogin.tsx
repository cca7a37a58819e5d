import { useEffect, useId, useRef, useState } from 'react';
import {
  ApiRequestError,
  afterLoginTarget,
  errorKey,
  preloadApi,
  RouteLink,
  useLocation,
  useNavigateToRoute,
  useRouteTable,
  useSession,
  useT,
} from '../../runtime/index.ts';
import styles from '../shared/Panel.module.css';
import type { AgencyLoginProps } from './schema.ts';

/** Query parameter of the agency invitation link that carries the agency token. */
const TOKEN_QUERY = 't';

/**
 * Agency sign-in (SPEC 2, agency login): the link from the agency invitation carries a token (`?t=`),
 * verified with `GET token/verifyAgenturToken?t=`; then on to the agency area. Without a token the page
 * explains where the link comes from.
 */
export function AgencyLogin({
  headline = 'agencyLogin.headline',
  text = 'agencyLogin.text',
}: AgencyLoginProps) {
  const t = useT();
  const headingId = useId();
  const { search } = useLocation();
  const table = useRouteTable();
  const { agencyUser, loginAgency } = useSession();
  const navigateTo = useNavigateToRoute();
  const token = new URLSearchParams(search).get(TOKEN_QUERY);
  const [failure, setFailure] = useState<string | null>(null);
  const next = useRef({ navigateTo, target: afterLoginTarget(search, table, 'AgencyArea') });
  next.current = { navigateTo, target: afterLoginTarget(search, table, 'AgencyArea') };

  useEffect(() => {
    if (!token) return;
    let current = true;
    loginAgency(token).then(
      () => {
        const { navigateTo: go, target } = next.current;
        // The token leaves the address bar: replace, so "back" does not show it again.
        if (current) go(target.name, { params: target.params, replace: true });
      },
      async (error: unknown) => {
        await preloadApi();
        const code = error instanceof ApiRequestError ? error.code : 'PSOF0001';
        // The server answers PSOF0204 for any token it does not accept: for a link that means invalid.
        if (current) setFailure(code === 'PSOF0204' ? 'agencyLogin.invalid' : errorKey(code));
      },
    );
    return () => {
      current = false;
    };
  }, [token, loginAgency]);

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <div className="container">
        <h1 id={headingId}>{t(headline)}</h1>
        {failure && (
          <p className={styles.alert} role="alert">
            {t(failure)}
          </p>
        )}
        {token && !failure ? <p role="status">{t('agencyLogin.pending')}</p> : <p>{t(text)}</p>}
        {agencyUser && !token && (
          <div className={styles.actions}>
            <RouteLink to="AgencyArea" className="button">
              {t('agencyLogin.toArea')}
            </RouteLink>
          </div>
        )}
      </div>
    </section>
  );
}
