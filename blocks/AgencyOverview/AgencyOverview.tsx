import { useId } from 'react';
import { agencySectionsFor, RouteLink, useFormSubmit, useSession, useT } from '../../runtime/index.ts';
import styles from '../shared/Panel.module.css';
import overview from './AgencyOverview.module.css';
import type { AgencyOverviewProps } from './schema.ts';

/**
 * The start of the agency area: who is logged in, for which agency, the sections this user may use (the
 * same entries as the area's navigation, SPEC 6 abilities) with a line on each, changing the password, and
 * logout.
 */
export function AgencyOverview({ headline = 'agencyArea.headline' }: AgencyOverviewProps) {
  const t = useT();
  const headingId = useId();
  const { agencyUser, logoutAgency } = useSession();
  const logout = useFormSubmit();
  const sections = agencyUser ? agencySectionsFor(agencyUser.Abilities) : [];
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <div className="container">
        <h1 id={headingId}>{t(headline)}</h1>
        {agencyUser && (
          <p>{t('agencyArea.loggedInAs', { name: agencyUser.Name, email: agencyUser.Email })}</p>
        )}
        {agencyUser?.Agentur && (
          <p>
            {t('agencyArea.agency', {
              firma: agencyUser.Agentur.Firma,
              nr: agencyUser.Agentur.Agenturnummer,
            })}
          </p>
        )}
        {agencyUser && (
          <>
            <h2 id={`${headingId}-sections`}>{t('agencyArea.sections')}</h2>
            {sections.length === 0 ? (
              <p>{t('agencyArea.noSections')}</p>
            ) : (
              <ul className={overview.sections} aria-labelledby={`${headingId}-sections`}>
                {sections.map((section) => (
                  <li key={section.route} className={overview.section}>
                    <RouteLink to={section.route} className={overview.link}>
                      {t(section.label)}
                    </RouteLink>
                    <p className={overview.text}>{t(`agencyArea.about.${section.route}`)}</p>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
        {logout.failure && (
          <p className={styles.alert} role="alert">
            {logout.failure}
          </p>
        )}
        <div className={styles.actions}>
          {agencyUser && <RouteLink to="AgencyChangePassword">{t('agencyArea.changePassword')}</RouteLink>}
          <button
            type="button"
            className={`button ${styles.action}`}
            aria-disabled={logout.busy || undefined}
            onClick={() => void logout.run(logoutAgency)}
          >
            {t('agencyArea.logout')}
          </button>
        </div>
      </div>
    </section>
  );
}
