import { useId, useState } from 'react';
import { useT } from '../../runtime/index.ts';
import styles from '../shared/agency/Agency.module.css';
import { AgencyGate } from '../shared/agency/AgencyGate.tsx';
import { AgencyReportTable } from '../shared/agency/AgencyReportTable.tsx';
import { REPORT_ABILITY } from '../shared/agency/reportColumns.tsx';
import { StaffInvitation } from '../shared/agency/StaffInvitation.tsx';
import type { AgencyReportProps } from './schema.ts';

/**
 * One of the agency's reports (SPEC 2 agency area: order report, recommender report, employees, rewards;
 * SPEC 7 report paths): the page's h1, an intro and the report in the one table. The report's ability
 * (SPEC 6) decides whether the user sees it or a notice. On the employees report the owner also invites,
 * deactivates and reactivates staff.
 */
export function AgencyReport({ report, headline, intro, columns, release }: AgencyReportProps) {
  const t = useT();
  const id = useId();
  // A new member of staff: the list loads again.
  const [version, setVersion] = useState(0);
  return (
    <section className={styles.section} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline ?? `agencyArea.report.${report}.headline`)}</h1>
        <AgencyGate ability={REPORT_ABILITY[report]}>
          {(agency) => (
            <>
              <p>{t(intro ?? `agencyArea.report.${report}.intro`)}</p>
              <AgencyReportTable
                key={version}
                kind={report}
                agenturnummer={agency.agenturnummer}
                columns={columns}
                release={release === true && report === 'orders'}
                staffActions={report === 'employees' ? { ownEmail: agency.user.Email } : undefined}
              />
              {report === 'employees' && (
                <StaffInvitation onInvited={() => setVersion((count) => count + 1)} />
              )}
            </>
          )}
        </AgencyGate>
      </div>
    </section>
  );
}
