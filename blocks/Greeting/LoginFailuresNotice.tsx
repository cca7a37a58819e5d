import { useEffect, useState } from 'react';
import {
  acknowledgeLoginFailures,
  formatDateTime,
  getLoginFailures,
  type LoginFailures,
  RouteLink,
  useT,
} from '../../runtime/index.ts';
import styles from './LoginFailuresNotice.module.css';

/**
 * Tells the recommender at the top of the personal area how many logins with their address failed and
 * when the last was (issue 17, ADR 0024, ASVS V6.3.5), until they acknowledge it. Shows nothing when there
 * were none or the server cannot say.
 */
export function LoginFailuresNotice() {
  const t = useT();
  const [failures, setFailures] = useState<LoginFailures | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    getLoginFailures().then(
      (answer) => {
        if (current) setFailures(answer);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);

  if (!failures || failures.Anzahl === 0) return null;

  async function acknowledge() {
    setBusy(true);
    try {
      await acknowledgeLoginFailures();
      setFailures(null);
    } catch {
      setBusy(false);
    }
  }

  return (
    <div className={styles.notice} role="status">
      <p>
        {t('greeting.loginFailures', {
          count: failures.Anzahl,
          zeit: failures.Zuletzt ? formatDateTime(new Date(failures.Zuletzt)) : '',
        })}{' '}
        {t('greeting.loginFailuresHint')}{' '}
        <RouteLink to="ChangePassword">{t('greeting.loginFailuresChangePassword')}</RouteLink>
      </p>
      <button type="button" className="button" onClick={acknowledge} disabled={busy}>
        {t('greeting.loginFailuresSeen')}
      </button>
    </div>
  );
}
