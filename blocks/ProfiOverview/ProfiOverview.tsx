import { useId } from 'react';
import { fetchProfiOverview, formatMoney, RouteLink, useT } from '../../runtime/index.ts';
import type { ProfiUebersicht } from '../../schemas/profi.ts';
import styles from '../shared/agency/Agency.module.css';
import profi from '../shared/profi/Profi.module.css';
import { ProfiOrderTable } from '../shared/profi/ProfiOrderTable.tsx';
import { ProfiFailure, ProfiLoading } from '../shared/profi/ProfiStates.tsx';
import { monthText } from '../shared/profi/profiSections.ts';
import { useLoaded } from '../shared/useLoaded.ts';
import type { ProfiOverviewProps } from './schema.ts';

/**
 * The profi-seller's start (issue 16): this month's commissions by status (open, approved, paid), what
 * needs the seller's action (bank data, the agreement, tax data — each a link into my area) and the latest
 * orders with the way to all of them.
 */
export function ProfiOverview({
  headline = 'profi.overview.headline',
  intro = 'profi.overview.intro',
}: ProfiOverviewProps) {
  const t = useT();
  const id = useId();
  const [overview, reload] = useLoaded(() => fetchProfiOverview(), []);
  return (
    <section className={styles.section} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline)}</h1>
        {overview.state === 'loading' && <ProfiLoading />}
        {overview.state === 'failed' && <ProfiFailure error={overview.error} retry={reload} />}
        {overview.state === 'done' && <Overview id={id} intro={intro} data={overview.value} />}
      </div>
    </section>
  );
}

function Overview({ id, intro, data }: { id: string; intro: string; data: ProfiUebersicht }) {
  const t = useT();
  const sums = [
    { key: 'open', cents: data.OffenCent },
    { key: 'approved', cents: data.FreigegebenCent },
    { key: 'paid', cents: data.AusgezahltCent },
  ] as const;
  return (
    <>
      <p>{t(intro, { name: data.Name, nr: data.Profinummer })}</p>
      <p>{t('profi.overview.number', { nr: data.Profinummer })}</p>
      <h2 id={`${id}-month`}>{t('profi.overview.month', { month: monthText(data.Monat) })}</h2>
      <dl className={profi.sums}>
        {sums.map((sum) => (
          <div key={sum.key} className={profi.sum}>
            <dt>{t(`profi.overview.sum.${sum.key}`)}</dt>
            <dd>{formatMoney(sum.cents)}</dd>
          </div>
        ))}
      </dl>
      <h2 id={`${id}-tasks`}>{t('profi.overview.tasks')}</h2>
      {data.Aufgaben.length === 0 ? (
        <p>{t('profi.overview.noTasks')}</p>
      ) : (
        <ul className={profi.tasks} aria-labelledby={`${id}-tasks`}>
          {data.Aufgaben.map((task) => (
            <li key={task}>
              {t(`profi.task.${task}.text`)}{' '}
              <RouteLink to="ProfiArea">{t(`profi.task.${task}.link`)}</RouteLink>
            </li>
          ))}
        </ul>
      )}
      <h2 id={`${id}-latest`}>{t('profi.overview.latest')}</h2>
      {data.LetzteAuftraege.length === 0 ? (
        <p>{t('profi.overview.noOrders')}</p>
      ) : (
        <ProfiOrderTable
          orders={data.LetzteAuftraege}
          caption={t('profi.overview.latestCaption')}
          idPrefix={`${id}-latest`}
        />
      )}
      <div className={styles.actions}>
        <RouteLink to="ProfiOrders">{t('profi.overview.allOrders')}</RouteLink>
        <RouteLink to="ProfiCommissions">{t('profi.overview.allCommissions')}</RouteLink>
      </div>
    </>
  );
}
