import type { UiSchema } from '@rjsf/utils';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { berlinMonth, previousMonth } from '../../domain/invoice.ts';
import {
  createProfiCreditNotesOfMonth,
  DataTable,
  type DataTableColumn,
  downloadProfiSellerCreditNote,
  failureMessage,
  fetchProfiSeller,
  formatDate,
  formatDateTime,
  formatMoney,
  SchemaForm,
  searchProfiSellers,
  setProfiSellerStatus,
  useBackoffice,
  useFormSubmit,
  useT,
} from '../../runtime/index.ts';
import {
  type BackofficeProfi,
  type BackofficeProfiZeile,
  PROFI_SELLER_STATUSES,
} from '../../schemas/backofficeProfi.ts';
import type { BackofficeSupportSearchData } from '../../schemas/forms/backofficeSupport.ts';
import type { ReportQuery } from '../../schemas/reportQuery.ts';
import styles from '../shared/backoffice/BackofficeRecords.module.css';
import own from './BackofficeProfiSellers.module.css';
import type { BackofficeProfiSellersProps } from './schema.ts';

const STATUS_OPTIONS = PROFI_SELLER_STATUSES.map((value) => ({
  value,
  label: `backoffice.profi.status.${value}`,
}));

/**
 * Profi-sellers in the back office (issue 16): the search (Profinummer, e-mail, name) with its DataTable and
 * the sellers' commission sums, a seller's master data (IBAN masked) with the credit notes as PDF, block
 * and unblock (ability profiBlock), and for finance the credit notes of the last finished month for every
 * seller (ability payouts). Buttons a role may not use are not shown; the server checks the same abilities.
 */
export function BackofficeProfiSellers({
  headline = 'backoffice.profi.headline',
  intro = 'backoffice.profi.intro',
}: BackofficeProfiSellersProps) {
  const t = useT();
  const id = useId();
  const { can } = useBackoffice();
  const [search, setSearch] = useState('');
  const [formData, setFormData] = useState<BackofficeSupportSearchData>({});
  const [version, setVersion] = useState(0);
  const [selected, setSelected] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const detailRef = useRef<HTMLDivElement>(null);
  const submit = useFormSubmit();

  const open = useCallback((sellerId: string) => {
    setSelected(sellerId);
    setNotice(null);
    // The detail appears below the table: the focus follows, for keyboard and screen reader.
    requestAnimationFrame(() => detailRef.current?.focus());
  }, []);

  const uiSchema = useMemo<UiSchema<BackofficeSupportSearchData>>(
    () => ({
      Suche: {
        'ui:title': t('backoffice.profi.search'),
        'ui:description': t('backoffice.profi.searchHint'),
        'ui:options': { inputType: 'search' },
      },
    }),
    [t],
  );

  const yesNo = useCallback(
    (value: boolean) => t(value ? 'backoffice.profi.yes' : 'backoffice.profi.no'),
    [t],
  );

  const columns = useMemo<DataTableColumn<BackofficeProfiZeile>[]>(
    () => [
      {
        id: 'Profinummer',
        header: 'backoffice.profi.column.Profinummer',
        sortable: true,
        filter: { type: 'text' },
      },
      { id: 'Name', header: 'backoffice.profi.column.Name', sortable: true },
      { id: 'Email', header: 'backoffice.profi.column.Email', sortable: true },
      {
        id: 'Steuerstatus',
        header: 'backoffice.profi.column.Steuerstatus',
        cell: (row) => t(`backoffice.profi.tax.${row.Steuerstatus}`),
      },
      {
        id: 'Bankdaten',
        header: 'backoffice.profi.column.Bankdaten',
        cell: (row) => yesNo(row.Bankdaten),
      },
      {
        id: 'Vereinbarung',
        header: 'backoffice.profi.column.Vereinbarung',
        cell: (row) => yesNo(row.Vereinbarung),
      },
      {
        id: 'OffenCent',
        header: 'backoffice.profi.column.OffenCent',
        cell: (row) => formatMoney(row.OffenCent),
      },
      {
        id: 'FreigegebenCent',
        header: 'backoffice.profi.column.FreigegebenCent',
        cell: (row) => formatMoney(row.FreigegebenCent),
      },
      {
        id: 'AusgezahltCent',
        header: 'backoffice.profi.column.AusgezahltCent',
        cell: (row) => formatMoney(row.AusgezahltCent),
      },
      {
        id: 'Status',
        header: 'backoffice.profi.column.Status',
        sortable: true,
        filter: { type: 'enum', options: STATUS_OPTIONS },
        cell: (row) => t(`backoffice.profi.status.${row.Status}`),
      },
      {
        id: 'Aktion',
        header: 'backoffice.profi.column.Aktion',
        cell: (row) => (
          <button
            type="button"
            className={styles.small}
            aria-label={t('backoffice.profi.openFor', { name: row.Name || row.Profinummer })}
            onClick={() => open(row.Id)}
          >
            {t('backoffice.profi.open')}
          </button>
        ),
      },
    ],
    [t, open, yesNo],
  );
  const load = useMemo(() => (query: ReportQuery) => searchProfiSellers(search, query), [search]);

  return (
    <section className={styles.section} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline)}</h1>
        <p>{t(intro)}</p>
        {can('payouts') && <MonthCreditNotes onDone={() => setVersion((count) => count + 1)} />}
        <div className={styles.block}>
          <h2 id={`${id}-search`}>{t('backoffice.profi.searchTitle')}</h2>
          <SchemaForm<BackofficeSupportSearchData>
            form="backofficeSupportSearch"
            idPrefix={`${id}-search`}
            labelledBy={`${id}-search`}
            uiSchema={uiSchema}
            formData={formData}
            submit={submit}
            submitLabel="backoffice.profi.find"
            busyLabel="backoffice.profi.find"
            onChange={setFormData}
            onSubmit={(values) => {
              setSearch((values.Suche ?? '').trim());
              setSelected(null);
            }}
          />
        </div>
        <div className={styles.block}>
          <p role="status" className={notice ? styles.success : 'visually-hidden'}>
            {notice ?? ''}
          </p>
          <DataTable<BackofficeProfiZeile>
            key={`${search}-${version}`}
            caption="backoffice.profi.caption"
            empty="backoffice.profi.empty"
            columns={columns}
            load={load}
            rowKey={(row) => row.Id}
            initialOrder={{ OrderBy: 'Profinummer', Descending: false }}
          />
        </div>
        {selected && (
          <div ref={detailRef} tabIndex={-1} className={`${styles.block} ${styles.detail}`}>
            <SellerDetail
              key={`${selected}-${version}`}
              sellerId={selected}
              onChanged={(message) => {
                setNotice(message);
                setVersion((count) => count + 1);
              }}
            />
          </div>
        )}
      </div>
    </section>
  );
}

type Loaded =
  | { state: 'loading' }
  | { state: 'done'; seller: BackofficeProfi }
  | { state: 'failed'; message: string };

function SellerDetail({ sellerId, onChanged }: { sellerId: string; onChanged: (message: string) => void }) {
  const t = useT();
  const id = useId();
  const { can } = useBackoffice();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    fetchProfiSeller(sellerId).then(
      (seller) => {
        if (current) setLoaded({ state: 'done', seller });
      },
      (error: unknown) => {
        if (current) setLoaded({ state: 'failed', message: failureMessage(t, error) });
      },
    );
    return () => {
      current = false;
    };
  }, [sellerId, t]);

  if (loaded.state === 'loading') return <p role="status">{t('backoffice.profi.loading')}</p>;
  if (loaded.state === 'failed')
    return (
      <p className={styles.alert} role="alert">
        {loaded.message}
      </p>
    );
  const { seller } = loaded;
  const none = t('backoffice.profi.none');
  const name =
    seller.Art === 'Firma' && seller.Firma
      ? seller.Firma
      : `${seller.Vorname} ${seller.Nachname}`.trim() || seller.Profinummer;
  const facts: [string, string][] = [
    ['backoffice.profi.column.Status', t(`backoffice.profi.status.${seller.Status}`)],
    ['backoffice.profi.column.Profinummer', seller.Profinummer],
    ['backoffice.profi.column.Email', seller.Email || none],
    ['backoffice.profi.person', `${seller.Vorname} ${seller.Nachname}`.trim() || none],
    [
      'backoffice.profi.address',
      [seller.Strasse, `${seller.Plz} ${seller.Ort}`.trim()].filter(Boolean).join(', '),
    ],
    ['backoffice.profi.phone', seller.Telefon || none],
    ['backoffice.profi.column.Steuerstatus', t(`backoffice.profi.tax.${seller.Steuerstatus}`)],
    ['backoffice.profi.taxNumber', seller.Steuernummer || none],
    ['backoffice.profi.vatId', seller.UstId || none],
    ['backoffice.profi.iban', seller.IBAN ?? none],
    ['backoffice.profi.accountHolder', seller.Kontoinhaber ?? none],
    ['backoffice.profi.agreement', seller.VereinbarungAm ? formatDateTime(seller.VereinbarungAm) : none],
    ['backoffice.profi.column.RegistriertAm', formatDateTime(seller.RegistriertAm)],
    ['backoffice.profi.column.OffenCent', formatMoney(seller.OffenCent)],
    ['backoffice.profi.column.FreigegebenCent', formatMoney(seller.FreigegebenCent)],
    ['backoffice.profi.column.AusgezahltCent', formatMoney(seller.AusgezahltCent)],
    ['backoffice.profi.cancelled', formatMoney(seller.StorniertCent)],
    ['backoffice.profi.lines', String(seller.Provisionen)],
  ];
  const blocked = seller.Status === 'blocked';

  async function toggle() {
    setBusy(true);
    setFailure(null);
    try {
      const changed = await setProfiSellerStatus(sellerId, blocked ? 'active' : 'blocked');
      onChanged(
        t(changed.Status === 'blocked' ? 'backoffice.profi.blocked' : 'backoffice.profi.unblocked', {
          name,
        }),
      );
    } catch (error) {
      setFailure(failureMessage(t, error));
    } finally {
      setBusy(false);
    }
  }

  async function download(nummer: string) {
    setFailure(null);
    try {
      await downloadProfiSellerCreditNote(sellerId, nummer);
    } catch (error) {
      setFailure(failureMessage(t, error));
    }
  }

  return (
    <>
      <h2 id={`${id}-title`}>{name}</h2>
      <dl className={styles.facts}>
        {facts.map(([label, value]) => (
          <div key={label} className={styles.fact}>
            <dt>{t(label)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {failure && (
        <p className={styles.alert} role="alert">
          {failure}
        </p>
      )}
      {can('profiBlock') && (
        <div className={own.actions}>
          <button type="button" className={styles.small} disabled={busy} onClick={toggle}>
            {t(blocked ? 'backoffice.profi.unblock' : 'backoffice.profi.block')}
          </button>
          <p>{t(blocked ? 'backoffice.profi.unblockHint' : 'backoffice.profi.blockHint')}</p>
        </div>
      )}
      <h3 id={`${id}-notes`}>{t('backoffice.profi.notesTitle')}</h3>
      {seller.Gutschriften.length === 0 ? (
        <p>{t('backoffice.profi.notesEmpty')}</p>
      ) : (
        <div className={own.tableWrap}>
          <table className={own.notes} aria-labelledby={`${id}-notes`}>
            <thead>
              <tr>
                <th scope="col">{t('backoffice.profi.note.Nummer')}</th>
                <th scope="col">{t('backoffice.profi.note.Monat')}</th>
                <th scope="col">{t('backoffice.profi.note.Rechnungsdatum')}</th>
                <th scope="col">{t('backoffice.profi.note.BruttoCent')}</th>
                <th scope="col">{t('backoffice.profi.note.Ausgezahlt')}</th>
                <th scope="col">{t('backoffice.profi.note.Pdf')}</th>
              </tr>
            </thead>
            <tbody>
              {seller.Gutschriften.map((note) => (
                <tr key={note.Nummer}>
                  <th scope="row">{note.Nummer}</th>
                  <td>{note.Monat}</td>
                  <td>{formatDate(note.Rechnungsdatum)}</td>
                  <td className={own.number}>{formatMoney(note.BruttoCent)}</td>
                  <td>{t(note.Ausgezahlt ? 'backoffice.profi.yes' : 'backoffice.profi.no')}</td>
                  <td>
                    <button
                      type="button"
                      className={styles.small}
                      aria-label={t('backoffice.profi.pdfFor', { nummer: note.Nummer })}
                      onClick={() => download(note.Nummer)}
                    >
                      {t('backoffice.profi.pdf')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** Finance: the credit notes of the last finished month for every seller, now (idempotent on the server). */
function MonthCreditNotes({ onDone }: { onDone: () => void }) {
  const t = useT();
  const id = useId();
  // The last month that can be billed: the one before the current month (Berlin).
  const month = useMemo(() => previousMonth(berlinMonth(new Date())), []);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function create() {
    setBusy(true);
    setResult(null);
    setFailure(null);
    try {
      const answer = await createProfiCreditNotesOfMonth(month);
      setResult(
        t('backoffice.profi.monthDone', {
          month,
          created: answer.Erstellt.length,
          existing: answer.Vorhanden,
          skipped: answer.Uebersprungen.join(', ') || t('backoffice.profi.none'),
        }),
      );
      onDone();
    } catch (error) {
      setFailure(failureMessage(t, error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.block}>
      <h2 id={`${id}-month`}>{t('backoffice.profi.monthTitle')}</h2>
      <p>{t('backoffice.profi.monthIntro', { month })}</p>
      <div className={own.actions}>
        <button type="button" className={styles.small} disabled={busy} onClick={create}>
          {t('backoffice.profi.monthCreate', { month })}
        </button>
      </div>
      <p role="status" className={result ? styles.success : 'visually-hidden'}>
        {result ?? ''}
      </p>
      {failure && (
        <p className={styles.alert} role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
