import type { UiSchema } from '@rjsf/utils';
import { type ComponentType, lazy, Suspense, useEffect, useId, useMemo, useState } from 'react';
import {
  DataTable,
  type DataTableColumn,
  fetchStatistics,
  formatDate,
  listReport,
  SchemaForm,
  useFormSubmit,
  useT,
} from '../../runtime/index.ts';
import type { AgenturStatistik, StatistikPunkt } from '../../schemas/agencyAdmin.ts';
import type { StatisticsPeriod } from '../../schemas/forms/statisticsPeriod.ts';
import shared from '../shared/agency/Agency.module.css';
import { AgencyGate } from '../shared/agency/AgencyGate.tsx';
import styles from './AgencyStatistics.module.css';
import type { StatisticsChartProps } from './StatisticsChart.tsx';
import type { AgencyStatisticsProps } from './schema.ts';

/** uPlot comes with the chart only, in a chunk of its own that only this block asks for. */
// Where it cannot load or draw (no canvas), the table below still holds every figure.
const StatisticsChart = lazy(
  (): Promise<{ default: ComponentType<StatisticsChartProps> }> =>
    import('./StatisticsChart.tsx').catch((error: unknown) => {
      console.warn('The statistics chart could not be loaded', error);
      return { default: () => null };
    }),
);

/** A day as YYYY-MM-DD in the browser's calendar. */
function day(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${String(date.getDate()).padStart(2, '0')}`;
}

/** The last twelve months up to today (shown per month). */
function defaultPeriod(): Required<StatisticsPeriod> {
  const today = new Date();
  return { von: day(new Date(today.getFullYear(), today.getMonth() - 11, 1)), bis: day(today) };
}

/** jsdom (the stories' test DOM) has no canvas: the chart stays out there, the table has the figures. */
const canDraw = typeof navigator === 'undefined' || !navigator.userAgent.includes('jsdom');

/** 'YYYY-MM' or 'YYYY-MM-DD' as the reader writes a month or a day. */
function pointDate(datum: string): string {
  if (datum.length === 7) {
    const [year = '', month = ''] = datum.split('-');
    return `${month}/${year}`;
  }
  return formatDate(datum);
}

/**
 * The agency's statistics (issue 14, ability `statistics`): invitations, recommendations and orders over a
 * period, per day or per month, as a chart (uPlot, loaded only here) and as a table with the numbers.
 */
export function AgencyStatistics({
  headline = 'agencyArea.statistics.headline',
  intro = 'agencyArea.statistics.intro',
}: AgencyStatisticsProps) {
  const t = useT();
  const id = useId();
  return (
    <section className={shared.section} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline)}</h1>
        <AgencyGate ability="statistics">
          {() => (
            <>
              <p>{t(intro)}</p>
              <Statistics />
            </>
          )}
        </AgencyGate>
      </div>
    </section>
  );
}

function Statistics() {
  const t = useT();
  const id = useId();
  const submit = useFormSubmit();
  const [formData, setFormData] = useState<StatisticsPeriod>(defaultPeriod);
  const [statistics, setStatistics] = useState<AgenturStatistik | null>(null);

  const uiSchema = useMemo<UiSchema<StatisticsPeriod>>(
    () => ({
      von: { 'ui:title': t('agencyArea.statistics.von'), 'ui:options': { inputType: 'date' } },
      bis: { 'ui:title': t('agencyArea.statistics.bis'), 'ui:options': { inputType: 'date' } },
    }),
    [t],
  );

  async function show(period: StatisticsPeriod) {
    const outcome = await submit.run(() => fetchStatistics(period.von ?? '', period.bis ?? ''));
    if (outcome?.ok) setStatistics(outcome.value);
  }

  // The default period loads once, as if the form had been sent.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the period the page opened with
  useEffect(() => {
    void show(formData);
  }, []);

  const labels = useMemo(
    () =>
      [
        t('agencyArea.statistics.Einladungen'),
        t('agencyArea.statistics.Empfehlungen'),
        t('agencyArea.statistics.Auftraege'),
      ] as const,
    [t],
  );

  return (
    <>
      <div className={shared.block}>
        <h2 id={`${id}-period`}>{t('agencyArea.statistics.period')}</h2>
        <SchemaForm<StatisticsPeriod>
          form="statisticsPeriod"
          idPrefix={`${id}-period-form`}
          labelledBy={`${id}-period`}
          uiSchema={uiSchema}
          formData={formData}
          submit={submit}
          submitLabel="agencyArea.statistics.show"
          busyLabel="agencyArea.statistics.loading"
          onChange={setFormData}
          onSubmit={show}
        />
      </div>
      {statistics === null && !submit.failure && <p aria-live="polite">{t('agencyArea.loading')}</p>}
      {statistics && <StatisticsResult statistics={statistics} labels={labels} />}
    </>
  );
}

function StatisticsResult({
  statistics,
  labels,
}: {
  statistics: AgenturStatistik;
  labels: readonly [string, string, string];
}) {
  const t = useT();
  const id = useId();
  const total = (field: 'Einladungen' | 'Empfehlungen' | 'Auftraege') =>
    statistics.Punkte.reduce((sum, point) => sum + point[field], 0);
  const totals = [total('Einladungen'), total('Empfehlungen'), total('Auftraege')] as const;
  const description = t('agencyArea.statistics.chartDescription', {
    interval: t(`agencyArea.statistics.interval.${statistics.Intervall}`),
    invitations: totals[0],
    recommendations: totals[1],
    orders: totals[2],
  });
  const load = useMemo(
    () => listReport(async () => statistics.Punkte, { OrderBy: 'Datum', Descending: false }),
    [statistics],
  );
  const columns = useMemo<DataTableColumn<StatistikPunkt>[]>(
    () => [
      {
        id: 'Datum',
        header: 'agencyArea.column.Zeitraum',
        sortable: true,
        cell: (row) => pointDate(row.Datum),
      },
      { id: 'Einladungen', header: 'agencyArea.statistics.Einladungen', sortable: true, numeric: true },
      { id: 'Empfehlungen', header: 'agencyArea.statistics.Empfehlungen', sortable: true, numeric: true },
      { id: 'Auftraege', header: 'agencyArea.statistics.Auftraege', sortable: true, numeric: true },
    ],
    [],
  );
  return (
    <div className={shared.block}>
      <h2 id={`${id}-chart`}>{t('agencyArea.statistics.chartTitle')}</h2>
      <p>{description}</p>
      <ul className={styles.legend}>
        {labels.map((label, index) => (
          <li key={label}>
            <span aria-hidden="true" className={`${styles.swatch} ${styles[`series${index}`]}`} />
            {label}
          </li>
        ))}
      </ul>
      {canDraw && (
        <Suspense fallback={<div className={styles.chart} />}>
          <StatisticsChart statistics={statistics} labels={labels} description={description} />
        </Suspense>
      )}
      <DataTable<StatistikPunkt>
        key={`${statistics.Punkte[0]?.Datum ?? ''}-${statistics.Punkte.length}`}
        caption="agencyArea.statistics.caption"
        empty="agencyArea.statistics.empty"
        columns={columns}
        load={load}
        rowKey={(row) => row.Datum}
        initialOrder={{ OrderBy: 'Datum', Descending: false }}
        pageSize={31}
        pageSizes={[31]}
      />
    </div>
  );
}
