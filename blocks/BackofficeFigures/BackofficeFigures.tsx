import type { UiSchema } from '@rjsf/utils';
import { type ComponentType, lazy, Suspense, useEffect, useId, useMemo, useState } from 'react';
import {
  DataTable,
  type DataTableColumn,
  downloadBackofficeFigures,
  fetchBackofficeFigureChoices,
  fetchBackofficeFigures,
  formatDate,
  formatMoney,
  listReport,
  SchemaForm,
  useFormSubmit,
  useT,
} from '../../runtime/index.ts';
import type {
  FiguresTable,
  Kennzahlen,
  KennzahlenAntwort,
  KennzahlenAuswahl,
  KennzahlenKanal,
  KennzahlenProdukt,
  KennzahlenPunkt,
} from '../../schemas/backofficeFigures.ts';
import {
  type BackofficeFiguresFilter,
  FIGURES_INTERVALS,
  FIGURES_NONE,
} from '../../schemas/forms/backofficeFigures.ts';
import type { ReportExportFormat } from '../../schemas/reportQuery.ts';
import styles from './BackofficeFigures.module.css';
import type { FiguresChartProps } from './FiguresChart.tsx';
import type { BackofficeFiguresProps } from './schema.ts';

/** uPlot comes with the chart only, in a chunk of its own that only this block asks for. */
const FiguresChart = lazy(
  (): Promise<{ default: ComponentType<FiguresChartProps> }> =>
    import('./FiguresChart.tsx').catch((error: unknown) => {
      console.warn('The figures chart could not be loaded', error);
      return { default: () => null };
    }),
);

/** jsdom (the stories' test DOM) has no canvas: the chart stays out there, the tables have the figures. */
const canDraw = typeof navigator === 'undefined' || !navigator.userAgent.includes('jsdom');

/** A day as YYYY-MM-DD in the browser's calendar. */
function day(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${String(date.getDate()).padStart(2, '0')}`;
}

/** The last twelve weeks up to today, per week. */
function defaultFilter(): BackofficeFiguresFilter {
  const today = new Date();
  return {
    von: day(new Date(today.getFullYear(), today.getMonth(), today.getDate() - 83)),
    bis: day(today),
    intervall: 'Woche',
  };
}

let percent: Intl.NumberFormat | undefined;
/** A ratio as a German percentage (SPEC 9 formats numbers the German way in every language). */
function formatRatio(value: number | null): string {
  if (value === null) return '–';
  percent ??= new Intl.NumberFormat('de-DE', { style: 'percent', maximumFractionDigits: 1 });
  return percent.format(value);
}

/** 'YYYY-MM' or 'YYYY-MM-DD' as the reader writes a month or a day. */
function pointDate(datum: string): string {
  if (datum.length === 7) {
    const [year = '', month = ''] = datum.split('-');
    return `${month}/${year}`;
  }
  return formatDate(datum);
}

const COUNT_FIELDS = ['Klicks', 'Empfehlungen', 'EmpfaengerBestaetigt', 'Auftraege'] as const;
const MONEY_FIELDS = ['PraemienFreigegebenCent', 'PraemienGezahltCent', 'AuszahlungenCent'] as const;

/**
 * The programme figures (issue 15, ability reports): the filters (period, interval, channel, product,
 * campaign) as a SchemaForm over the route's own querystring schema, then a chart of the counts and one of the
 * money over time (uPlot, loaded only here) each with a table holding every value, and tables per channel and
 * per product with the conversions. Every table exports its figures as CSV and XLSX.
 */
export function BackofficeFigures({
  headline = 'backoffice.figures.headline',
  intro = 'backoffice.figures.intro',
}: BackofficeFiguresProps) {
  const t = useT();
  const id = useId();
  const submit = useFormSubmit();
  const [formData, setFormData] = useState<BackofficeFiguresFilter>(defaultFilter);
  const [shown, setShown] = useState<BackofficeFiguresFilter>(formData);
  const [figures, setFigures] = useState<KennzahlenAntwort | null>(null);
  const [choices, setChoices] = useState<KennzahlenAuswahl | null>(null);

  useEffect(() => {
    fetchBackofficeFigureChoices().then(setChoices, () => setChoices(null));
  }, []);

  async function show(filter: BackofficeFiguresFilter) {
    const outcome = await submit.run(() => fetchBackofficeFigures(filter));
    if (outcome?.ok) {
      setFigures(outcome.value);
      setShown(filter);
    }
  }

  // The default period loads once, as if the form had been sent.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the filter the page opened with
  useEffect(() => {
    void show(formData);
  }, []);

  const uiSchema = useMemo<UiSchema<BackofficeFiguresFilter>>(() => {
    const none = { value: FIGURES_NONE, label: t('backoffice.figures.none') };
    return {
      'ui:order': ['von', 'bis', 'intervall', 'kanal', 'produkt', 'aktion'],
      von: { 'ui:title': t('backoffice.figures.von'), 'ui:options': { inputType: 'date' } },
      bis: { 'ui:title': t('backoffice.figures.bis'), 'ui:options': { inputType: 'date' } },
      intervall: {
        'ui:title': t('backoffice.figures.intervall'),
        'ui:widget': 'select',
        'ui:enumNames': FIGURES_INTERVALS.map((value) => t(`backoffice.figures.interval.${value}`)),
      },
      kanal: {
        'ui:title': t('backoffice.figures.kanal'),
        'ui:widget': 'select',
        'ui:placeholder': t('backoffice.figures.all'),
        'ui:options': {
          choices: [...(choices?.Kanaele ?? []).map((value) => ({ value, label: value })), none],
        },
      },
      produkt: {
        'ui:title': t('backoffice.figures.produkt'),
        'ui:widget': 'select',
        'ui:placeholder': t('backoffice.figures.all'),
        'ui:options': {
          choices: (choices?.Produkte ?? []).map((product) => ({
            value: product.Id,
            label: product.Name ? `${product.Name} (${product.Id})` : product.Id,
          })),
        },
      },
      aktion: {
        'ui:title': t('backoffice.figures.aktion'),
        'ui:widget': 'select',
        'ui:placeholder': t('backoffice.figures.all'),
        'ui:options': {
          choices: [
            ...(choices?.Aktionen ?? []).map((campaign) => ({ value: campaign.Id, label: campaign.Titel })),
            none,
          ],
        },
      },
    };
  }, [t, choices]);

  return (
    <section className={styles.section} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline)}</h1>
        <p>{t(intro)}</p>
        <div className={styles.block}>
          <h2 id={`${id}-filter`}>{t('backoffice.figures.filter')}</h2>
          <SchemaForm<BackofficeFiguresFilter>
            form="backofficeFiguresFilter"
            idPrefix={`${id}-filter-form`}
            labelledBy={`${id}-filter`}
            uiSchema={uiSchema}
            formData={formData}
            submit={submit}
            submitLabel="backoffice.figures.show"
            busyLabel="backoffice.figures.loading"
            onChange={setFormData}
            onSubmit={show}
          />
        </div>
        {figures === null && !submit.failure && <p aria-live="polite">{t('backoffice.figures.loading')}</p>}
        {figures && <FiguresResult figures={figures} filter={shown} />}
      </div>
    </section>
  );
}

function FiguresResult({ figures, filter }: { figures: KennzahlenAntwort; filter: BackofficeFiguresFilter }) {
  const t = useT();
  const id = useId();
  const interval = t(`backoffice.figures.interval.${figures.Intervall}`);
  const exporter = (table: FiguresTable) => (format: ReportExportFormat) =>
    downloadBackofficeFigures(filter, table, format);
  const dates = useMemo(() => figures.Punkte.map((point) => point.Datum), [figures]);
  const countSeries = useMemo(
    () =>
      COUNT_FIELDS.map((field) => ({
        label: t(`backoffice.figures.column.${field}`),
        values: figures.Punkte.map((point) => point[field]),
      })),
    [figures, t],
  );
  const moneySeries = useMemo(
    () =>
      MONEY_FIELDS.map((field) => ({
        label: t(`backoffice.figures.column.${field}`),
        values: figures.Punkte.map((point) => point[field] / 100),
      })),
    [figures, t],
  );
  const sum = figures.Summe;
  const countDescription = t('backoffice.figures.countsDescription', {
    interval,
    clicks: sum.Klicks,
    recommendations: sum.Empfehlungen,
    recipients: sum.EmpfaengerBestaetigt,
    orders: sum.Auftraege,
  });
  const moneyDescription = t('backoffice.figures.moneyDescription', {
    interval,
    released: formatMoney(sum.PraemienFreigegebenCent),
    paid: formatMoney(sum.PraemienGezahltCent),
    payouts: formatMoney(sum.AuszahlungenCent),
  });
  const key = `${figures.von}-${figures.bis}-${figures.Intervall}-${JSON.stringify(filter)}`;

  const periodColumn: DataTableColumn<KennzahlenPunkt> = {
    id: 'Datum',
    header: 'backoffice.figures.column.Datum',
    sortable: true,
    cell: (row) => pointDate(row.Datum),
  };
  const countColumns = <Row extends Kennzahlen>(): DataTableColumn<Row>[] =>
    COUNT_FIELDS.map((field) => ({
      id: field,
      header: `backoffice.figures.column.${field}`,
      sortable: true,
      numeric: true,
    }));
  const ratioColumns = <Row extends Kennzahlen>(): DataTableColumn<Row>[] => [
    {
      id: 'KonversionKlicks',
      header: 'backoffice.figures.column.KonversionKlicks',
      sortable: true,
      numeric: true,
      cell: (row) => formatRatio(row.KonversionKlicks),
    },
    {
      id: 'KonversionEmpfehlungen',
      header: 'backoffice.figures.column.KonversionEmpfehlungen',
      sortable: true,
      numeric: true,
      cell: (row) => formatRatio(row.KonversionEmpfehlungen),
    },
  ];
  const rewardColumns = <Row extends Kennzahlen>(): DataTableColumn<Row>[] => [
    {
      id: 'PraemienFreigegeben',
      header: 'backoffice.figures.column.PraemienFreigegeben',
      sortable: true,
      numeric: true,
    },
    {
      id: 'PraemienFreigegebenCent',
      header: 'backoffice.figures.column.PraemienFreigegebenCent',
      sortable: true,
      numeric: true,
      cell: (row) => formatMoney(row.PraemienFreigegebenCent),
    },
    {
      id: 'PraemienGezahlt',
      header: 'backoffice.figures.column.PraemienGezahlt',
      sortable: true,
      numeric: true,
    },
    {
      id: 'PraemienGezahltCent',
      header: 'backoffice.figures.column.PraemienGezahltCent',
      sortable: true,
      numeric: true,
      cell: (row) => formatMoney(row.PraemienGezahltCent),
    },
  ];

  return (
    <>
      <p role="status" className={styles.summary}>
        {t('backoffice.figures.summary', {
          clicks: sum.Klicks,
          orders: sum.Auftraege,
          conversion: formatRatio(sum.KonversionKlicks),
        })}
      </p>
      <div className={styles.block}>
        <h2 id={`${id}-counts`}>{t('backoffice.figures.countsTitle')}</h2>
        <p>{countDescription}</p>
        <Legend labels={countSeries.map((series) => series.label)} />
        <div className={styles.pair}>
          {canDraw && (
            <Suspense fallback={<div className={styles.chart} />}>
              <FiguresChart dates={dates} series={countSeries} description={countDescription} />
            </Suspense>
          )}
          <DataTable<KennzahlenPunkt>
            key={`counts-${key}`}
            caption="backoffice.figures.countsCaption"
            columns={[periodColumn, ...countColumns<KennzahlenPunkt>(), ...ratioColumns<KennzahlenPunkt>()]}
            load={listReport(async () => figures.Punkte, { OrderBy: 'Datum', Descending: false })}
            rowKey={(row) => row.Datum}
            initialOrder={{ OrderBy: 'Datum', Descending: false }}
            pageSize={31}
            pageSizes={[31]}
            onExport={exporter('Zeitraum')}
          />
        </div>
      </div>
      <div className={styles.block}>
        <h2 id={`${id}-money`}>{t('backoffice.figures.moneyTitle')}</h2>
        <p>{moneyDescription}</p>
        <p>{t('backoffice.figures.payoutNote')}</p>
        <Legend labels={moneySeries.map((series) => series.label)} />
        <div className={styles.pair}>
          {canDraw && (
            <Suspense fallback={<div className={styles.chart} />}>
              <FiguresChart dates={dates} series={moneySeries} description={moneyDescription} />
            </Suspense>
          )}
          <DataTable<KennzahlenPunkt>
            key={`money-${key}`}
            caption="backoffice.figures.moneyCaption"
            columns={[
              periodColumn,
              ...rewardColumns<KennzahlenPunkt>(),
              {
                id: 'Auszahlungslaeufe',
                header: 'backoffice.figures.column.Auszahlungslaeufe',
                sortable: true,
                numeric: true,
              },
              {
                id: 'AuszahlungenCent',
                header: 'backoffice.figures.column.AuszahlungenCent',
                sortable: true,
                numeric: true,
                cell: (row) => formatMoney(row.AuszahlungenCent),
              },
            ]}
            load={listReport(async () => figures.Punkte, { OrderBy: 'Datum', Descending: false })}
            rowKey={(row) => row.Datum}
            initialOrder={{ OrderBy: 'Datum', Descending: false }}
            pageSize={31}
            pageSizes={[31]}
            onExport={exporter('Zeitraum')}
          />
        </div>
      </div>
      <div className={styles.block}>
        <h2 id={`${id}-channels`}>{t('backoffice.figures.channelsTitle')}</h2>
        <DataTable<KennzahlenKanal>
          key={`channels-${key}`}
          caption="backoffice.figures.channelsCaption"
          empty="backoffice.figures.empty"
          columns={[
            {
              id: 'Kanal',
              header: 'backoffice.figures.column.Kanal',
              sortable: true,
              cell: (row) => row.Kanal || t('backoffice.figures.none'),
            },
            ...countColumns<KennzahlenKanal>(),
            ...ratioColumns<KennzahlenKanal>(),
            ...rewardColumns<KennzahlenKanal>(),
          ]}
          load={listReport(async () => figures.Kanaele, { OrderBy: 'Klicks', Descending: true })}
          rowKey={(row) => row.Kanal}
          initialOrder={{ OrderBy: 'Klicks', Descending: true }}
          pageSize={20}
          pageSizes={[20]}
          onExport={exporter('Kanal')}
        />
      </div>
      <div className={styles.block}>
        <h2 id={`${id}-products`}>{t('backoffice.figures.productsTitle')}</h2>
        <DataTable<KennzahlenProdukt>
          key={`products-${key}`}
          caption="backoffice.figures.productsCaption"
          empty="backoffice.figures.empty"
          columns={[
            {
              id: 'ProduktId',
              header: 'backoffice.figures.column.Produkt',
              sortable: true,
              cell: (row) => (row.Produkt ? `${row.Produkt} (${row.ProduktId})` : row.ProduktId),
            },
            ...countColumns<KennzahlenProdukt>(),
            ...ratioColumns<KennzahlenProdukt>(),
            ...rewardColumns<KennzahlenProdukt>(),
          ]}
          load={listReport(async () => figures.Produkte, { OrderBy: 'Klicks', Descending: true })}
          rowKey={(row) => row.ProduktId}
          initialOrder={{ OrderBy: 'Klicks', Descending: true }}
          pageSize={20}
          pageSizes={[20]}
          onExport={exporter('Produkt')}
        />
      </div>
    </>
  );
}

function Legend({ labels }: { labels: readonly string[] }) {
  return (
    <ul className={styles.legend}>
      {labels.map((label, index) => (
        <li key={label}>
          <span aria-hidden="true" className={`${styles.swatch} ${styles[`series${index}`]}`} />
          {label}
        </li>
      ))}
    </ul>
  );
}
