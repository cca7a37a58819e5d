import { useEffect, useId, useState } from 'react';
import { RouteLink, useSession, useT } from '../../runtime/index.ts';
import styles from '../shared/Panel.module.css';
import type { LogoutNoticeProps } from './schema.ts';

/**
 * The Logout page (SPEC 2): logs the recommender out as it opens — the server revokes the token, the
 * session ends here even when the server cannot be reached — and confirms it with a way back.
 */
export function LogoutNotice({
  headline = 'logout.headline',
  text = 'logout.text',
  back = { label: 'logout.back', route: 'Homepage' },
}: LogoutNoticeProps) {
  const t = useT();
  const headingId = useId();
  const { user, logout } = useSession();
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
