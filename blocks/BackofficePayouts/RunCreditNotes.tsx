import { useMemo } from 'react';
import {
  DataTable,
  type DataTableColumn,
  fetchPayoutRunCreditNotes,
  formatDateTime,
  formatMoney,
  useT,
} from '../../runtime/index.ts';
import type { AuszahlungGutschriftZeile } from '../../schemas/backofficePayouts.ts';
import { bankColumns } from './bankColumns.ts';

/**
 * The profi-seller credit notes a run pays (issue 16), under its rewards: one transfer of the gross each.
 * Always shown, with its empty text when the run pays none, so finance never wonders whether it loaded.
 */
export function RunCreditNotes({ runId }: { runId: string }) {
  const t = useT();
  const columns = useMemo<DataTableColumn<AuszahlungGutschriftZeile>[]>(
    () => [
      {
        id: 'Nummer',
        header: 'backoffice.payouts.column.Nummer',
        sortable: true,
        filter: { type: 'text' },
      },
      {
        id: 'Profinummer',
        header: 'backoffice.payouts.column.Profinummer',
        sortable: true,
        filter: { type: 'text' },
      },
      {
        id: 'Verkaeufer',
        header: 'backoffice.payouts.column.Verkaeufer',
        sortable: true,
        filter: { type: 'text' },
      },
      { id: 'Monat', header: 'backoffice.payouts.column.Monat', sortable: true },
      ...bankColumns<AuszahlungGutschriftZeile>(t),
      {
        id: 'BruttoCent',
        header: 'backoffice.payouts.column.BruttoCent',
        sortable: true,
        numeric: true,
        cell: (row) => formatMoney(row.BruttoCent),
      },
      {
        id: 'BezahltAm',
        header: 'backoffice.payouts.column.BezahltAm',
        cell: (row) => (row.BezahltAm ? formatDateTime(row.BezahltAm) : t('backoffice.payouts.notPaid')),
      },
    ],
    [t],
  );
  const load = useMemo(
    () => (query: Parameters<typeof fetchPayoutRunCreditNotes>[1]) => fetchPayoutRunCreditNotes(runId, query),
    [runId],
  );
  return (
    <DataTable<AuszahlungGutschriftZeile>
      caption="backoffice.payouts.creditNotesCaption"
      empty="backoffice.payouts.creditNotesEmpty"
      columns={columns}
      load={load}
      rowKey={(row) => row.Id}
      initialOrder={{ OrderBy: 'Nummer', Descending: false }}
    />
  );
}
