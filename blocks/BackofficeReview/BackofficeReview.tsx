import type { UiSchema } from '@rjsf/utils';
import { useId, useMemo, useState } from 'react';
import {
  DataTable,
  type DataTableColumn,
  errorKey,
  fetchReviewQueue,
  formatDateTime,
  RouteLink,
  reviewBackofficeOrders,
  SchemaForm,
  useBackoffice,
  useFormSubmit,
  useT,
} from '../../runtime/index.ts';
import type { ReviewBulkResponse, ReviewRow } from '../../schemas/backofficeOrders.ts';
import type { BackofficeReviewData } from '../../schemas/forms/backofficeOrderAction.ts';
import styles from '../shared/backoffice/BackofficeOrders.module.css';
import type { BackofficeReviewProps } from './schema.ts';

/**
 * The review queue (issue 15): orders the fraud checks flagged, each with its reasons explained in words.
 * The operator ticks one or several rows, chooses approve or reject and writes a note; each order is
 * decided in its own transaction and audited, and the answer says per order whether it worked or why not.
 */
export function BackofficeReview({
  headline = 'backoffice.review.headline',
  intro = 'backoffice.review.intro',
}: BackofficeReviewProps) {
  const t = useT();
  const id = useId();
  const { can } = useBackoffice();
  const mayAct = can('review');
  const [version, setVersion] = useState(0);
  const [selected, setSelected] = useState<ReadonlyMap<string, number>>(new Map());
  const [results, setResults] = useState<ReviewBulkResponse['Ergebnisse'] | null>(null);

  const columns = useMemo<DataTableColumn<ReviewRow>[]>(() => {
    const toggle = (row: ReviewRow, on: boolean) =>
      setSelected((current) => {
        const next = new Map(current);
        if (on) next.set(row.Auftragsnummer, row.Version);
        else next.delete(row.Auftragsnummer);
        return next;
      });
    return [
      ...(mayAct
        ? [
            {
              id: 'Auswahl',
              header: 'backoffice.review.column.Auswahl',
              cell: (row: ReviewRow) => (
                <input
                  type="checkbox"
                  className={styles.checkbox}
                  checked={selected.has(row.Auftragsnummer)}
                  aria-label={t('backoffice.review.select', { nr: row.Auftragsnummer })}
                  onChange={(event) => toggle(row, event.target.checked)}
                />
              ),
            },
          ]
        : []),
      {
        id: 'Auftragsnummer',
        header: 'backoffice.review.column.Auftragsnummer',
        sortable: true,
        filter: { type: 'text' },
      },
      {
        id: 'Empfehlungsnummer',
        header: 'backoffice.review.column.Empfehlungsnummer',
        sortable: true,
        filter: { type: 'text' },
        cell: (row) => (
          <RouteLink
            to="BackofficeOrder"
            params={{ empfehlungsnummer: row.Empfehlungsnummer }}
            className={styles.link}
          >
            {row.Empfehlungsnummer}
          </RouteLink>
        ),
      },
      {
        id: 'Erfasst',
        header: 'backoffice.review.column.Erfasst',
        sortable: true,
        filter: { type: 'date' },
        cell: (row) => formatDateTime(row.Erfasst),
      },
      {
        id: 'Pruefgruende',
        header: 'backoffice.review.column.Pruefgruende',
        cell: (row) => (
          <ul className={styles.reasons}>
            {row.Pruefgruende.split(',')
              .filter(Boolean)
              .map((reason) => (
                <li key={reason}>{t(`backoffice.review.reason.${reason}`, { defaultValue: reason })}</li>
              ))}
          </ul>
        ),
      },
      { id: 'Empfehler', header: 'backoffice.review.column.Empfehler', cell: (row) => row.Empfehler ?? '–' },
      {
        id: 'Empfaenger',
        header: 'backoffice.review.column.Empfaenger',
        cell: (row) => row.Empfaenger ?? '–',
      },
      { id: 'Produkt', header: 'backoffice.review.column.Produkt', cell: (row) => row.Produkt ?? '–' },
    ];
  }, [t, mayAct, selected]);

  return (
    <section className={styles.section} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline)}</h1>
        <p>{t(intro)}</p>
        {results && <Results results={results} />}
        <div className={styles.block}>
          <DataTable<ReviewRow>
            key={version}
            caption="backoffice.review.caption"
            empty="backoffice.review.empty"
            columns={columns}
            load={fetchReviewQueue}
            rowKey={(row) => row.Auftragsnummer}
            initialOrder={{ OrderBy: 'Erfasst', Descending: false }}
          />
        </div>
        {mayAct && (
          <Decision
            selected={selected}
            onDone={(answer) => {
              setResults(answer.Ergebnisse);
              setSelected(new Map());
              setVersion((count) => count + 1);
            }}
          />
        )}
      </div>
    </section>
  );
}

/** The decision for the ticked rows: approve or reject, with a note (form backofficeReview). */
function Decision({
  selected,
  onDone,
}: {
  selected: ReadonlyMap<string, number>;
  onDone: (answer: ReviewBulkResponse) => void;
}) {
  const t = useT();
  const id = useId();
  const submit = useFormSubmit();
  const [formData, setFormData] = useState<BackofficeReviewData>({});
  const uiSchema = useMemo<UiSchema<BackofficeReviewData>>(
    () => ({
      Entscheidung: {
        'ui:title': t('backoffice.review.decision'),
        'ui:widget': 'radioChoice',
        'ui:options': {
          choices: [
            { value: 'freigeben', label: t('backoffice.review.approve') },
            { value: 'ablehnen', label: t('backoffice.review.reject') },
          ],
        },
      },
      Notiz: {
        'ui:title': t('backoffice.review.note'),
        'ui:description': t('backoffice.review.noteHint'),
        'ui:widget': 'textarea',
      },
    }),
    [t],
  );

  async function send(values: BackofficeReviewData) {
    if (selected.size === 0) {
      submit.setFailure(t('backoffice.review.nothingSelected'));
      return;
    }
    const outcome = await submit.run(() =>
      reviewBackofficeOrders({
        Entscheidung: values.Entscheidung ?? 'freigeben',
        Notiz: values.Notiz ?? '',
        Auftraege: [...selected].map(([Auftragsnummer, Version]) => ({ Auftragsnummer, Version })),
      }),
    );
    if (!outcome?.ok) return;
    setFormData({});
    onDone(outcome.value);
  }

  return (
    <div className={`${styles.block} ${styles.card}`}>
      <h2 id={`${id}-title`}>{t('backoffice.review.decisionTitle')}</h2>
      <p aria-live="polite">{t('backoffice.review.selectedCount', { count: selected.size })}</p>
      <SchemaForm<BackofficeReviewData>
        form="backofficeReview"
        idPrefix={`${id}-review`}
        labelledBy={`${id}-title`}
        uiSchema={uiSchema}
        formData={formData}
        submit={submit}
        submitLabel="backoffice.review.submit"
        busyLabel="backoffice.review.busy"
        onChange={setFormData}
        onSubmit={send}
      />
    </div>
  );
}

/** What the last decision did, per order. */
function Results({ results }: { results: ReviewBulkResponse['Ergebnisse'] }) {
  const t = useT();
  const failed = results.filter((result) => !result.Ok).length;
  return (
    <div role="status" className={failed > 0 ? styles.alert : styles.success}>
      <p>{t('backoffice.review.resultSummary', { done: results.length - failed, failed })}</p>
      <ul>
        {results.map((result) => (
          <li key={result.Auftragsnummer}>
            {result.Auftragsnummer}:{' '}
            {result.Ok ? t('backoffice.review.resultOk') : t(errorKey(result.Code ?? 'PSOF0001'))}
          </li>
        ))}
      </ul>
    </div>
  );
}
