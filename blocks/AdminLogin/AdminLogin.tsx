import { useEffect, useId, useRef, useState } from 'react';
import {
  errorKey,
  failureCode,
  preloadApi,
  RouteLink,
  useNavigateToRoute,
  useRoute,
  useRouteHref,
  useSession,
  useT,
} from '../../runtime/index.ts';
import styles from '../shared/Panel.module.css';
import { isPlausibleLoginToken } from './adminLoginToken.ts';
import type { AdminLoginProps } from './schema.ts';

/**
 * Admin login (SPEC 2): the token appended to the login path logs the recommender in
 * (`GET /account/login/?token=`), then home. An expired link (PSOF0201) offers "password forgotten",
 * a used one says so (PSOF0209).
 */
export function AdminLogin({ headline = 'adminLogin.headline' }: AdminLoginProps) {
  const t = useT();
  const headingId = useId();
  const { params } = useRoute();
  const { loginWithAdminToken } = useSession();
  const navigateTo = useNavigateToRoute();
  const forgotPasswordHref = useRouteHref('ForgotPassword');
  const token = params.token;
  const [failure, setFailure] = useState<string | null>(null);
  // The token is used once: the effect depends on it alone, never on callbacks that change on navigation.
  const navigateRef = useRef(navigateTo);
  navigateRef.current = navigateTo;

  useEffect(() => {
    let current = true;
    const fail = (code: string) => {
      if (current) setFailure(code);
    };
    if (!isPlausibleLoginToken(token)) {
      // No request for what cannot be a token; the catalogue's texts still have to load.
      void preloadApi().then(() => fail('PSOF0201'));
    } else {
      loginWithAdminToken(token).then(
        (user) => {
          if (current) navigateRef.current('Homepage', { replace: true, locale: user.Language });
        },
        (error: unknown) => fail(failureCode(error)),
      );
    }
    return () => {
      current = false;
    };
  }, [token, loginWithAdminToken]);

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <div className="container">
        <h1 id={headingId}>{t(headline)}</h1>
        {failure ? (
          <>
            <p className={styles.alert} role="alert">
              {t(errorKey(failure))}
            </p>
            <div className={styles.actions}>
              {failure === 'PSOF0201' && forgotPasswordHref && (
                <RouteLink to="ForgotPassword" className="button">
                  {t('login.forgotPassword')}
                </RouteLink>
              )}
              <RouteLink to="Login">{t('adminLogin.toLogin')}</RouteLink>
            </div>
          </>
        ) : (
          <p role="status">{t('adminLogin.pending')}</p>
        )}
      </div>
    </section>
  );
}
