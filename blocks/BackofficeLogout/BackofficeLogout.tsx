import { useEffect, useId, useState } from 'react';
import { RouteLink, useBackoffice, useT } from '../../runtime/index.ts';
import styles from '../shared/Panel.module.css';
import type { BackofficeLogoutProps } from './schema.ts';

/**
 * The back office's sign-out page (issue 15): ends the back-office session as it opens — the server revokes
 * the token, the tab forgets it even when the server cannot be reached — and confirms it with the way back
 * to the sign-in. A recommender's or agency user's session in the same browser stays.
 */
export function BackofficeLogout({
  headline = 'backoffice.logout.headline',
  text = 'backoffice.logout.text',
  back = { label: 'backoffice.logout.toLogin', route: 'BackofficeLogin' },
}: BackofficeLogoutProps) {
  const t = useT();
  const headingId = useId();
  const { user, logout } = useBackoffice();
  const [done, setDone] = useState(user === null);

  useEffect(() => {
    if (done) return;
    let current = true;
    void logout().then(() => {
      if (current) setDone(true);
    });
    return () => {
      current = false;
    };
  }, [done, logout]);

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <div className="container">
        <h1 id={headingId}>{t(done ? headline : 'backoffice.logout.pending')}</h1>
        {done && (
          <>
            <p role="status">{t(text)}</p>
            <div className={styles.actions}>
              <RouteLink to={back.route} className="button">
                {t(back.label)}
              </RouteLink>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
