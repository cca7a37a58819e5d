import type { UiSchema } from '@rjsf/utils';
import { type FormEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  ApiRequestError,
  DataTable,
  type DataTableColumn,
  failureMessage,
  fetchVoucherPools,
  formatDateTime,
  importVoucherCsv,
  listReport,
  putVoucherThreshold,
  SchemaForm,
  useBackoffice,
  useFormSubmit,
  useT,
} from '../../runtime/index.ts';
import type { GutscheinPoolZeile } from '../../schemas/backofficePayouts.ts';
import type { VoucherThresholdData } from '../../schemas/forms/voucherThreshold.ts';
import styles from './BackofficeVouchers.module.css';
import type { BackofficeVouchersProps } from './schema.ts';

/**
 * Voucher pools in the back office (issue 15, ability `vouchers`): stock per pool with the pools below
 * their threshold called out, the CSV import of codes (all rows or none; bad rows listed by line) and each
 * pool's low-stock threshold. Finance also gets one mail per fall below the threshold (server side).
 */
export function BackofficeVouchers({
  headline = 'backoffice.vouchers.headline',
  intro = 'backoffice.vouchers.intro',
}: BackofficeVouchersProps) {
  const t = useT();
  const id = useId();
  const { can } = useBackoffice();
  const [pools, setPools] = useState<readonly GutscheinPoolZeile[] | null>(null);
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<GutscheinPoolZeile | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const thresholdRef = useRef<HTMLDivElement>(null);
  const allowed = can('vouchers');

  // The table's rows and the low-stock notice come from one answer.
  const rows = useCallback(async () => {
    const answer = await fetchVoucherPools();
    setPools(answer);
    return answer;
  }, []);
  const load = useMemo(() => listReport(rows, { OrderBy: 'Titel', Descending: false }), [rows]);
  const low = (pools ?? []).filter((pool) => pool.Niedrig);

  useEffect(() => {
    if (editing) thresholdRef.current?.focus();
  }, [editing]);

  const columns = useMemo<DataTableColumn<GutscheinPoolZeile>[]>(
    () => [
      { id: 'Titel', header: 'backoffice.vouchers.column.Titel', sortable: true, filter: { type: 'text' } },
      { id: 'PraemieId', header: 'backoffice.vouchers.column.PraemieId', sortable: true },
      { id: 'Frei', header: 'backoffice.vouchers.column.Frei', sortable: true, numeric: true },
      { id: 'Ausgegeben', header: 'backoffice.vouchers.column.Ausgegeben', sortable: true, numeric: true },
      {
        id: 'Schwelle',
        header: 'backoffice.vouchers.column.Schwelle',
        sortable: true,
        numeric: true,
        cell: (row) =>
          row.SchwelleStandard
            ? t('backoffice.vouchers.thresholdDefault', { count: row.Schwelle })
            : String(row.Schwelle),
      },
      {
        id: 'Niedrig',
        header: 'backoffice.vouchers.column.Niedrig',
        cell: (row) =>
          row.Niedrig
            ? t(row.Gemeldet ? 'backoffice.vouchers.lowReported' : 'backoffice.vouchers.low', {
                date: row.Gemeldet ? formatDateTime(row.Gemeldet) : '',
              })
            : t('backoffice.vouchers.ok'),
      },
      {
        id: 'Aktion',
        header: 'backoffice.vouchers.column.Aktion',
        cell: (row) => (
          <button
            type="button"
            className={styles.small}
            aria-label={t('backoffice.vouchers.editThresholdFor', { title: row.Titel })}
            onClick={() => setEditing(row)}
          >
            {t('backoffice.vouchers.editThreshold')}
          </button>
        ),
      },
    ],
    [t],
  );

  if (!allowed) {
    return (
      <section className={styles.section} aria-labelledby={`${id}-headline`}>
        <div className="container">
          <h1 id={`${id}-headline`}>{t(headline)}</h1>
          <p>{t('backoffice.vouchers.notAllowed')}</p>
        </div>
      </section>
    );
  }

  const changed = (message: string) => {
    setDone(message);
    setVersion((count) => count + 1);
  };

  return (
    <section className={styles.section} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline)}</h1>
        <p>{t(intro)}</p>
        {low.length > 0 && (
          <section className={styles.notice} aria-labelledby={`${id}-low`}>
            <h2 id={`${id}-low`}>{t('backoffice.vouchers.lowTitle')}</h2>
            <ul>
              {low.map((pool) => (
                <li key={pool.PraemieId}>
                  {t('backoffice.vouchers.lowLine', {
                    title: pool.Titel,
                    free: pool.Frei,
                    threshold: pool.Schwelle,
                  })}
                </li>
              ))}
            </ul>
          </section>
        )}
        <div className={styles.block}>
          <p role="status" className={done ? styles.success : 'visually-hidden'}>
            {done ?? ''}
          </p>
          <DataTable<GutscheinPoolZeile>
            key={version}
            caption="backoffice.vouchers.caption"
            empty="backoffice.vouchers.empty"
            columns={columns}
            load={load}
            rowKey={(row) => row.PraemieId}
            initialOrder={{ OrderBy: 'Titel', Descending: false }}
            pageSizes={[]}
          />
        </div>
        {editing && (
          <div ref={thresholdRef} tabIndex={-1} className={styles.block}>
            <Threshold
              key={editing.PraemieId}
              pool={editing}
              onSaved={(pool) => {
                setEditing(null);
                changed(t('backoffice.vouchers.thresholdSaved', { title: pool.Titel, count: pool.Schwelle }));
              }}
              onCancel={() => setEditing(null)}
            />
          </div>
        )}
        <Upload
          onImported={(imported, duplicates) =>
            changed(t('backoffice.vouchers.imported', { count: imported, duplicates }))
          }
        />
      </div>
    </section>
  );
}

/** The `voucherThreshold` form for one pool. */
function Threshold({
  pool,
  onSaved,
  onCancel,
}: {
  pool: GutscheinPoolZeile;
  onSaved: (pool: GutscheinPoolZeile) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const id = useId();
  const submit = useFormSubmit({ fieldOfCode: {} });
  const [formData, setFormData] = useState<VoucherThresholdData>({ Schwelle: String(pool.Schwelle) });
  const uiSchema = useMemo<UiSchema<VoucherThresholdData>>(
    () => ({
      Schwelle: {
        'ui:title': t('backoffice.vouchers.threshold'),
        'ui:description': t('backoffice.vouchers.thresholdHint'),
        'ui:options': { inputType: 'text', inputMode: 'numeric' },
        'ui:autocomplete': 'off',
      },
    }),
    [t],
  );

  async function save(values: VoucherThresholdData) {
    const outcome = await submit.run(() => putVoucherThreshold(pool, (values.Schwelle ?? '').trim()));
    if (outcome?.ok) onSaved(outcome.value);
  }

  return (
    <>
      <h2 id={`${id}-title`}>{t('backoffice.vouchers.thresholdTitle', { title: pool.Titel })}</h2>
      <SchemaForm<VoucherThresholdData>
        form="voucherThreshold"
        idPrefix={`${id}-threshold`}
        labelledBy={`${id}-title`}
        uiSchema={uiSchema}
        formData={formData}
        submit={submit}
        submitLabel="backoffice.vouchers.saveThreshold"
        busyLabel="backoffice.vouchers.savingThreshold"
        onChange={setFormData}
        onSubmit={save}
      />
      <button type="button" className={styles.small} onClick={onCancel}>
        {t('backoffice.vouchers.cancel')}
      </button>
    </>
  );
}

interface RowProblem {
  line: string;
  column: string;
}

/** Problems of a refused import by line: `/line/N/Column` → line N, the column's message. */
function rowProblems(error: unknown): RowProblem[] {
  if (!(error instanceof ApiRequestError)) return [];
  return (error.details ?? []).flatMap((detail) => {
    const match = /^\/line\/(\d+)\/(PraemieId|Code)$/.exec(detail.pointer);
    return match?.[1] && match[2] ? [{ line: match[1], column: match[2] }] : [];
  });
}

/**
 * The CSV upload: a file, sent as it is (text/csv) to the import. A file is not a JSON form, so this is the
 * one form of the back office outside SchemaForm; its refusals are the catalogue's, bad rows by line.
 */
function Upload({ onImported }: { onImported: (imported: number, duplicates: number) => void }) {
  const t = useT();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; problems: RowProblem[] } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  async function upload(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!file) {
      setFailure({ message: t('backoffice.vouchers.chooseFile'), problems: [] });
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const result = await importVoucherCsv(file);
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
      onImported(result.Importiert, result.Doppelt);
    } catch (error) {
      setFailure({ message: failureMessage(t, error), problems: rowProblems(error) });
      requestAnimationFrame(() => alertRef.current?.focus());
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.block}>
      <h2 id={`${id}-title`}>{t('backoffice.vouchers.uploadTitle')}</h2>
      <p id={`${id}-hint`}>{t('backoffice.vouchers.uploadHint')}</p>
      <form className={styles.upload} aria-labelledby={`${id}-title`} onSubmit={upload} noValidate>
        <label htmlFor={`${id}-file`}>{t('backoffice.vouchers.file')}</label>
        <input
          ref={inputRef}
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={`${id}-hint`}
          aria-invalid={failure ? true : undefined}
          onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
        />
        <div>
          <button type="submit" className="button" aria-disabled={busy || undefined}>
            {t(busy ? 'backoffice.vouchers.uploading' : 'backoffice.vouchers.upload')}
          </button>
        </div>
      </form>
      {failure && (
        <div ref={alertRef} tabIndex={-1} className={styles.alert} role="alert">
          <p>{failure.message}</p>
          {failure.problems.length > 0 && (
            <ul className={styles.problems}>
              {failure.problems.map((problem) => (
                <li key={`${problem.line}-${problem.column}`}>
                  {t(`backoffice.vouchers.bad${problem.column}`, { line: problem.line })}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
