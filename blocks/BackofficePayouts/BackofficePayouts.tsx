import type { UiSchema } from '@rjsf/utils';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  createPayoutRun,
  DataTable,
  type DataTableColumn,
  downloadPayoutRunSepa,
  failureMessage,
  fetchPayoutRun,
  fetchPayoutRunRewards,
  fetchPayoutRuns,
  formatDate,
  formatDateTime,
  formatMoney,
  markPayoutRunExecuted,
  SchemaForm,
  useBackoffice,
  useFormSubmit,
  useT,
} from '../../runtime/index.ts';
import type { AuszahlungPraemieZeile, AuszahlungslaufZeile } from '../../schemas/backofficePayouts.ts';
import type { PayoutRunData } from '../../schemas/forms/payoutRun.ts';
import styles from './BackofficePayouts.module.css';
import { bankColumns } from './bankColumns.ts';
import { RunCreditNotes } from './RunCreditNotes.tsx';
import type { BackofficePayoutsProps } from './schema.ts';

const STATUS_OPTIONS = [
  { value: 'created', label: 'backoffice.payouts.status.created' },
  { value: 'executed', label: 'backoffice.payouts.status.executed' },
] as const;

/**
 * Payout runs in the back office (issue 15): every back-office user sees the runs and a run's rewards
 * and profi-seller credit notes (issue 16) with total and count; finance (`payouts`) creates a run,
 * downloads its SEPA file and marks it executed. The buttons are there only for `payouts`; the server
 * checks the same ability on every call.
 */
export function BackofficePayouts({
  headline = 'backoffice.payouts.headline',
  intro = 'backoffice.payouts.intro',
}: BackofficePayoutsProps) {
  const t = useT();
  const id = useId();
  const { can } = useBackoffice();
  const mayAct = can('payouts');
  const [version, setVersion] = useState(0);
  const [selected, setSelected] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const detailRef = useRef<HTMLDivElement>(null);

  const open = useCallback((runId: string) => {
    setSelected(runId);
    // The detail appears below the table: move the focus there, so keyboard and screen reader follow.
    requestAnimationFrame(() => detailRef.current?.focus());
  }, []);

  const columns = useMemo<DataTableColumn<AuszahlungslaufZeile>[]>(
    () => [
      {
        id: 'Ausfuehrungsdatum',
        header: 'backoffice.payouts.column.Ausfuehrungsdatum',
        sortable: true,
        filter: { type: 'text' },
        cell: (row) => formatDate(row.Ausfuehrungsdatum),
      },
      {
        id: 'Status',
        header: 'backoffice.payouts.column.Status',
        sortable: true,
        filter: { type: 'enum', options: STATUS_OPTIONS },
        cell: (row) => t(`backoffice.payouts.status.${row.Status}`),
      },
      {
        id: 'SummeCent',
        header: 'backoffice.payouts.column.SummeCent',
        sortable: true,
        numeric: true,
        cell: (row) => formatMoney(row.SummeCent),
      },
      { id: 'Anzahl', header: 'backoffice.payouts.column.Anzahl', sortable: true, numeric: true },
      {
        id: 'Erstellt',
        header: 'backoffice.payouts.column.Erstellt',
        sortable: true,
        cell: (row) => formatDateTime(row.Erstellt),
      },
      {
        id: 'Aktion',
        header: 'backoffice.payouts.column.Aktion',
        cell: (row) => (
          <button
            type="button"
            className={styles.small}
            aria-label={t('backoffice.payouts.openFor', { date: formatDate(row.Ausfuehrungsdatum) })}
            onClick={() => open(row.Id)}
          >
            {t('backoffice.payouts.open')}
          </button>
        ),
      },
    ],
    [t, open],
  );

  return (
    <section className={styles.section} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline)}</h1>
        <p>{t(intro)}</p>
        {mayAct && (
          <NewRun
            onCreated={(run) => {
              setDone(
                t('backoffice.payouts.created', {
                  count: run.Anzahl,
                  total: formatMoney(run.SummeCent),
                }),
              );
              setVersion((count) => count + 1);
              open(run.Id);
            }}
          />
        )}
        <div className={styles.block}>
          <p role="status" className={done ? styles.success : 'visually-hidden'}>
            {done ?? ''}
          </p>
          <DataTable<AuszahlungslaufZeile>
            key={version}
            caption="backoffice.payouts.caption"
            empty="backoffice.payouts.empty"
            columns={columns}
            load={fetchPayoutRuns}
            rowKey={(row) => row.Id}
            initialOrder={{ OrderBy: 'Erstellt', Descending: true }}
          />
        </div>
        {selected && (
          <div ref={detailRef} tabIndex={-1} className={`${styles.block} ${styles.detail}`}>
            <RunDetail
              key={selected}
              runId={selected}
              mayAct={mayAct}
              onChanged={() => setVersion((count) => count + 1)}
            />
          </div>
        )}
      </div>
    </section>
  );
}

/** The `payoutRun` form: the day the bank is to execute the run (today by default). */
function NewRun({ onCreated }: { onCreated: (run: AuszahlungslaufZeile) => void }) {
  const t = useT();
  const id = useId();
  const submit = useFormSubmit({ fieldOfCode: { PSOF0744: 'Ausfuehrungsdatum' } });
  const [formData, setFormData] = useState<PayoutRunData>({});
  const uiSchema = useMemo<UiSchema<PayoutRunData>>(
    () => ({
      Ausfuehrungsdatum: {
        'ui:title': t('backoffice.payouts.executionDate'),
        'ui:description': t('backoffice.payouts.executionDateHint'),
        'ui:options': { inputType: 'date' },
      },
    }),
    [t],
  );

  async function create(values: PayoutRunData) {
    const outcome = await submit.run(() =>
      createPayoutRun({ Ausfuehrungsdatum: values.Ausfuehrungsdatum ?? '' }),
    );
    if (!outcome?.ok) return;
    setFormData({});
    onCreated(outcome.value);
  }

  return (
    <div className={styles.block}>
      <h2 id={`${id}-title`}>{t('backoffice.payouts.newTitle')}</h2>
      <p>{t('backoffice.payouts.newIntro')}</p>
      <SchemaForm<PayoutRunData>
        form="payoutRun"
        idPrefix={`${id}-run`}
        labelledBy={`${id}-title`}
        uiSchema={uiSchema}
        formData={formData}
        submit={submit}
        submitLabel="backoffice.payouts.create"
        busyLabel="backoffice.payouts.creating"
        onChange={setFormData}
        onSubmit={create}
      />
    </div>
  );
}

type Loaded =
  | { state: 'loading' }
  | { state: 'done'; run: AuszahlungslaufZeile }
  | { state: 'failed'; message: string };

/** One run: its facts, the SEPA download and "executed" (`payouts`), its rewards and its credit notes. */
function RunDetail({ runId, mayAct, onChanged }: { runId: string; mayAct: boolean; onChanged: () => void }) {
  const t = useT();
  const id = useId();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    let current = true;
    fetchPayoutRun(runId).then(
      (run) => {
        if (current) setLoaded({ state: 'done', run });
      },
      (error: unknown) => {
        if (current) setLoaded({ state: 'failed', message: failureMessage(t, error) });
      },
    );
    return () => {
      current = false;
    };
  }, [runId, t]);

  const columns = useMemo<DataTableColumn<AuszahlungPraemieZeile>[]>(
    () => [
      {
        id: 'Empfehlungsnummer',
        header: 'backoffice.payouts.column.Empfehlungsnummer',
        sortable: true,
        filter: { type: 'text' },
      },
      {
        id: 'Empfaenger',
        header: 'backoffice.payouts.column.Empfaenger',
        sortable: true,
        filter: {
          type: 'enum',
          options: [
            { value: 'recommender', label: 'backoffice.payouts.beneficiary.recommender' },
            { value: 'recipient', label: 'backoffice.payouts.beneficiary.recipient' },
          ],
        },
        cell: (row) => t(`backoffice.payouts.beneficiary.${row.Empfaenger}`),
      },
      ...bankColumns<AuszahlungPraemieZeile>(t),
      {
        id: 'WertCent',
        header: 'backoffice.payouts.column.WertCent',
        sortable: true,
        numeric: true,
        cell: (row) => formatMoney(row.WertCent),
      },
    ],
    [t],
  );
  const load = useMemo(
    () => (query: Parameters<typeof fetchPayoutRunRewards>[1]) => fetchPayoutRunRewards(runId, query),
    [runId],
  );

  if (loaded.state === 'loading') return <p role="status">{t('backoffice.payouts.loading')}</p>;
  if (loaded.state === 'failed')
    return (
      <p className={styles.alert} role="alert">
        {loaded.message}
      </p>
    );
  const { run } = loaded;

  async function act(work: () => Promise<string>) {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    setDone(null);
    try {
      setDone(await work());
    } catch (error) {
      setFailure(failureMessage(t, error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <h2 id={`${id}-title`}>
        {t('backoffice.payouts.detailTitle', { date: formatDate(run.Ausfuehrungsdatum) })}
      </h2>
      <dl className={styles.facts}>
        <dt>{t('backoffice.payouts.column.Status')}</dt>
        <dd>{t(`backoffice.payouts.status.${run.Status}`)}</dd>
        <dt>{t('backoffice.payouts.total')}</dt>
        <dd>{formatMoney(run.SummeCent)}</dd>
        <dt>{t('backoffice.payouts.count')}</dt>
        <dd>{run.Anzahl}</dd>
        <dt>{t('backoffice.payouts.column.Erstellt')}</dt>
        <dd>{formatDateTime(run.Erstellt)}</dd>
        {run.Ausgefuehrt && (
          <>
            <dt>{t('backoffice.payouts.executedAt')}</dt>
            <dd>{formatDateTime(run.Ausgefuehrt)}</dd>
          </>
        )}
      </dl>
      {mayAct && (
        <div className={styles.actions}>
          <button
            type="button"
            className="button"
            aria-disabled={busy || undefined}
            onClick={() =>
              act(async () => {
                await downloadPayoutRunSepa(run);
                return t('backoffice.payouts.downloaded');
              })
            }
          >
            {t('backoffice.payouts.download')}
          </button>
          {run.Status === 'created' && !confirming && (
            <button type="button" className="button-inverse" onClick={() => setConfirming(true)}>
              {t('backoffice.payouts.markExecuted')}
            </button>
          )}
          {run.Status === 'created' && confirming && (
            <>
              <p>{t('backoffice.payouts.confirmExecuted', { total: formatMoney(run.SummeCent) })}</p>
              <button
                type="button"
                className="button"
                aria-disabled={busy || undefined}
                onClick={() =>
                  act(async () => {
                    const after = await markPayoutRunExecuted(run.Id);
                    setLoaded({ state: 'done', run: after });
                    setConfirming(false);
                    onChanged();
                    return t('backoffice.payouts.executed');
                  })
                }
              >
                {t('backoffice.payouts.confirm')}
              </button>
              <button type="button" className="button-inverse" onClick={() => setConfirming(false)}>
                {t('backoffice.payouts.cancel')}
              </button>
            </>
          )}
        </div>
      )}
      {failure && (
        <p className={styles.alert} role="alert">
          {failure}
        </p>
      )}
      <p role="status" className={done ? styles.success : 'visually-hidden'}>
        {done ?? ''}
      </p>
      <div className={styles.block}>
        <DataTable<AuszahlungPraemieZeile>
          caption="backoffice.payouts.rewardsCaption"
          empty="backoffice.payouts.rewardsEmpty"
          columns={columns}
          load={load}
          rowKey={(row) => row.Id}
          initialOrder={{ OrderBy: 'Empfehlungsnummer', Descending: false }}
        />
      </div>
      <div className={styles.block}>
        <RunCreditNotes runId={run.Id} />
      </div>
    </>
  );
}
