import { useId } from 'react';
import { useFormSubmit, useSession, useT } from '../../runtime/index.ts';
import styles from '../shared/Panel.module.css';
import type { AgencyOverviewProps } from './schema.ts';

/**
 * The start of the agency area: who is logged in, and logout. The area's navigation (reports,
 * invitations, …) comes with the agency issue.
 */
export function AgencyOverview({ headline = 'agencyArea.headline' }: AgencyOverviewProps) {
  const t = useT();
  const headingId = useId();
  const { agencyUser, logoutAgency } = useSession();
  const logout = useFormSubmit();
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <div className="container">
        <h1 id={headingId}>{t(headline)}</h1>
        {agencyUser && (
          <p>{t('agencyArea.loggedInAs', { name: agencyUser.Name, email: agencyUser.Email })}</p>
        )}
        <div className={styles.actions}>
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
