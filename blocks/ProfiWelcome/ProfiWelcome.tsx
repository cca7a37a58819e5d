import { useId } from 'react';
import { RouteLink, useSession, useT } from '../../runtime/index.ts';
import panel from '../shared/Panel.module.css';
import type { ProfiWelcomeProps } from './schema.ts';

/**
 * After a profi-seller's registration (issue 16): what happens next, in order — the mail with the link to
 * choose a password, the login, then the overview with the open tasks (bank data, the agreement).
 */
export function ProfiWelcome({ headline = 'profi.welcome.headline' }: ProfiWelcomeProps) {
  const t = useT();
  const id = useId();
  const { user } = useSession();
  return (
    <section className={panel.panel} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline)}</h1>
        <p>{t('profi.welcome.intro')}</p>
        <h2 id={`${id}-next`}>{t('profi.welcome.next')}</h2>
        <ol aria-labelledby={`${id}-next`}>
          <li>{t('profi.welcome.step1')}</li>
          <li>{t('profi.welcome.step2')}</li>
          <li>{t('profi.welcome.step3')}</li>
        </ol>
        <p>{t('profi.welcome.noMail')}</p>
        <div className={panel.actions}>
          {user ? (
            <RouteLink to="ProfiOverview" className="button">
              {t('profi.welcome.toOverview')}
            </RouteLink>
          ) : (
            <RouteLink to="Login" search="?redirect=ProfiOverview" className="button">
              {t('profi.welcome.toLogin')}
            </RouteLink>
          )}
        </div>
      </div>
    </section>
  );
}
