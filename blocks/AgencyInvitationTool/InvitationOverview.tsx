import { useId } from 'react';
import { agencyReportLoader, failureMessage, useT } from '../../runtime/index.ts';
import styles from '../shared/agency/Agency.module.css';
import { useLoaded } from '../shared/useLoaded.ts';
import tabs from './AgencyInvitationTool.module.css';

/** What the overview counts: each a report's total (one row asked for), with an optional filter. */
const COUNTS = [
  { key: 'invitations', report: 'invitations', filter: undefined },
  { key: 'registered', report: 'invitations', filter: { Status: 'Registriert' } },
  { key: 'recommendations', report: 'recommendations', filter: undefined },
  { key: 'leads', report: 'leads', filter: undefined },
  { key: 'pending', report: 'orders', filter: { Freigabe: 'pending' } },
] as const;

/** The invitation tool's overview: how many invitations, registrations, recommendations, leads, orders to release. */
export function InvitationOverview({ agenturnummer }: { agenturnummer: string }) {
  const t = useT();
  const id = useId();
  const [counts] = useLoaded(
    () =>
      Promise.all(
        COUNTS.map(async (count) => {
          const page = await agencyReportLoader(
            count.report,
            agenturnummer,
          )({
            Pagesize: 1,
            Pagenumber: 1,
            ...(count.filter ? { Filter: count.filter } : {}),
          });
          return page.TotalCount;
        }),
      ),
    [agenturnummer],
  );
  return (
    <div>
      <h2 id={`${id}-title`}>{t('agencyArea.overview.title')}</h2>
      {counts.state === 'loading' && <p aria-live="polite">{t('agencyArea.loading')}</p>}
      {counts.state === 'failed' && (
        <p className={styles.alert} role="alert">
          {failureMessage(t, counts.error)}
        </p>
      )}
      {counts.state === 'done' && (
        <dl className={tabs.counts} aria-labelledby={`${id}-title`}>
          {COUNTS.map((count, index) => (
            <div key={count.key} className={tabs.count}>
              <dt>{t(`agencyArea.overview.${count.key}`)}</dt>
              <dd>{counts.value[index]}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
