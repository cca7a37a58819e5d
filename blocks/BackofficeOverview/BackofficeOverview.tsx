import { useId } from 'react';
import { RouteLink, useBackoffice, useBackofficeSections, useT } from '../../runtime/index.ts';
import styles from '../shared/Panel.module.css';
import overview from './BackofficeOverview.module.css';
import type { BackofficeOverviewProps } from './schema.ts';

/**
 * The back office's start page (issue 15): a greeting with the user's name and roles, then a card for each
 * section the roles grant and the mandant has (the navigation's entries without the start page itself),
 * each with a line on what it is for. Signing out is in the header.
 */
export function BackofficeOverview({ headline = 'pages.BackofficeHome.title' }: BackofficeOverviewProps) {
  const t = useT();
  const headingId = useId();
  const sectionsId = `${headingId}-sections`;
  const { user } = useBackoffice();
  const sections = useBackofficeSections().filter((section) => section.route !== 'BackofficeHome');
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <div className="container">
        <h1 id={headingId}>{t(headline)}</h1>
        {user && (
          <>
            <p className={overview.greeting}>{t('backoffice.overview.greeting', { name: user.Name })}</p>
            <p>
              {t('backoffice.overview.roles', {
                roles: user.Rollen.map((role) => t(`backoffice.overview.role.${role}`)).join(', '),
              })}
            </p>
            <h2 id={sectionsId}>{t('backoffice.overview.sectionsHeadline')}</h2>
            {sections.length === 0 ? (
              <p>{t('backoffice.overview.empty')}</p>
            ) : (
              <ul className={overview.sections} aria-labelledby={sectionsId}>
                {sections.map((section) => (
                  <li key={section.route} className={overview.section}>
                    <RouteLink to={section.route} className={overview.link}>
                      {t(section.label)}
                    </RouteLink>
                    <p className={overview.text}>{t(section.description)}</p>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </section>
  );
}
