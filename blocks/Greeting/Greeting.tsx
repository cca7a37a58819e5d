import { useId } from 'react';
import { RouteLink, useSession, useT } from '../../runtime/index.ts';
import styles from '../shared/Panel.module.css';
import { LoginFailuresNotice } from './LoginFailuresNotice.tsx';
import type { GreetingProps } from './schema.ts';

/**
 * Greets the logged-in recommender by name at the top of the personal area (Dashboard), and tells them of
 * failed logins with their address (LoginFailuresNotice).
 */
export function Greeting({ headline = 'greeting.headline', text = 'greeting.text' }: GreetingProps) {
  const t = useT();
  const headingId = useId();
  const { user } = useSession();
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <div className="container">
        <h1 id={headingId}>
          {user ? t(headline, { vorname: user.Vorname, nachname: user.Nachname }) : t('greeting.anonymous')}
        </h1>
        <p>{t(text)}</p>
        {user && <LoginFailuresNotice />}
        <div className={styles.actions}>
          <RouteLink to="Logout">{t('greeting.logout')}</RouteLink>
        </div>
      </div>
    </section>
  );
}
