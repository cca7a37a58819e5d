import { useEffect, useId, useState } from 'react';
import { RouteLink, useSession, useT } from '../../runtime/index.ts';
import styles from '../shared/Panel.module.css';
import type { LogoutNoticeProps } from './schema.ts';

/**
 * The Logout page (SPEC 2): logs the recommender out as it opens — the server revokes the token, the
 * session ends here even when the server cannot be reached — and confirms it with a way back. With
 * `audience: agency` (AgencyLogout) it ends the agency user's session; SPEC 4: when a recommender is logged
 * in too the page reloads, and the agency guard then leads to the agency sign-in.
 */
export function LogoutNotice({
  headline = 'logout.headline',
  text = 'logout.text',
  back = { label: 'logout.back', route: 'Homepage' },
  audience = 'recommender',
}: LogoutNoticeProps) {
  const t = useT();
  const headingId = useId();
  const { user, agencyUser, logout, logoutAgency } = useSession();
  const agency = audience === 'agency';
  const [done, setDone] = useState((agency ? agencyUser : user) === null);

  useEffect(() => {
    if (done) return;
    let current = true;
    void (agency ? logoutAgency() : logout()).then(() => {
      if (current) setDone(true);
    });
    return () => {
      current = false;
    };
  }, [done, agency, logout, logoutAgency]);

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <div className="container">
        <h1 id={headingId}>{t(done ? headline : 'logout.pending')}</h1>
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
