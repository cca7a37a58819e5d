import { useId, useMemo, useState } from 'react';
import {
  DataTable,
  type DataTableColumn,
  downloadInvoice,
  failureMessage,
  fetchInvoices,
  formatDate,
  formatMoney,
  listReport,
  useT,
} from '../../runtime/index.ts';
import type { AgenturRechnung } from '../../schemas/agencyAdmin.ts';
import styles from '../shared/agency/Agency.module.css';
import { AgencyGate } from '../shared/agency/AgencyGate.tsx';
import type { AgencyInvoicesProps } from './schema.ts';

/** 'YYYY-MM' → 'MM/YYYY', the month as a German or English reader writes it. */
function monthText(month: string): string {
  const [year = '', number = ''] = month.split('-');
  return `${number}/${year}`;
}

/**
 * The agency's monthly commission credit notes (issue 14, ability `invoices`): number, month, date, net,
 * VAT and gross, each downloadable as PDF (GET /agentur/rechnungen/{nummer}.pdf through the API client).
 */
export function AgencyInvoices({
  headline = 'agencyArea.invoices.headline',
  intro = 'agencyArea.invoices.intro',
}: AgencyInvoicesProps) {
  const t = useT();
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline)}</h1>
        <AgencyGate ability="invoices">
          {() => (
            <>
              <p>{t(intro)}</p>
              <Invoices />
            </>
          )}
        </AgencyGate>
      </div>
    </section>
  );
}

function Invoices() {
  const t = useT();
  const [busy, setBusy] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const load = useMemo(() => listReport(fetchInvoices, { OrderBy: 'Monat', Descending: true }), []);

  const columns = useMemo<DataTableColumn<AgenturRechnung>[]>(
    () => [
      {
        id: 'Rechnungsnummer',
        header: 'agencyArea.column.Rechnungsnummer',
        sortable: true,
        filter: { type: 'text' },
      },
      { id: 'Monat', header: 'agencyArea.column.Monat', sortable: true, cell: (row) => monthText(row.Monat) },
      {
        id: 'Rechnungsdatum',
        header: 'agencyArea.column.Rechnungsdatum',
        sortable: true,
        cell: (row) => formatDate(row.Rechnungsdatum),
      },
      { id: 'Positionen', header: 'agencyArea.column.Positionen', sortable: true, numeric: true },
      {
        id: 'NettoCent',
        header: 'agencyArea.column.NettoCent',
        sortable: true,
        numeric: true,
        cell: (row) => formatMoney(row.NettoCent),
      },
      {
        id: 'UstCent',
        header: 'agencyArea.column.UstCent',
        numeric: true,
        cell: (row) => formatMoney(row.UstCent),
      },
      {
        id: 'BruttoCent',
        header: 'agencyArea.column.BruttoCent',
        sortable: true,
        numeric: true,
        cell: (row) => formatMoney(row.BruttoCent),
      },
      {
        id: 'Pdf',
        header: 'agencyArea.column.Pdf',
        cell: (row) => (
          <button
            type="button"
            className={styles.small}
            aria-disabled={busy !== null || undefined}
            aria-label={t('agencyArea.invoices.downloadFor', { nr: row.Rechnungsnummer })}
            onClick={async () => {
              if (busy !== null) return;
              setBusy(row.Nummer);
              setFailure(null);
              try {
                await downloadInvoice(row);
              } catch (error) {
                setFailure(failureMessage(t, error));
              } finally {
                setBusy(null);
              }
            }}
          >
            {busy === row.Nummer ? t('agencyArea.invoices.downloading') : t('agencyArea.invoices.download')}
          </button>
        ),
      },
    ],
    [t, busy],
  );

  return (
    <div className={styles.block}>
      {failure && (
        <p className={styles.alert} role="alert">
          {failure}
        </p>
      )}
      <DataTable<AgenturRechnung>
        caption="agencyArea.invoices.caption"
        empty="agencyArea.invoices.empty"
        columns={columns}
        load={load}
        rowKey={(row) => String(row.Nummer)}
        initialOrder={{ OrderBy: 'Monat', Descending: true }}
      />
    </div>
  );
}
