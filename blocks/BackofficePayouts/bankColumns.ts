import type { DataTableColumn, useT } from '../../runtime/index.ts';

/**
 * The payee's bank columns of a payout run's lists (rewards and credit notes): the account holder and the
 * masked IBAN, or that the bank data was deleted after the run was made.
 */
export function bankColumns<Row extends { Kontoinhaber: string | null; IBAN: string | null }>(
  t: ReturnType<typeof useT>,
): DataTableColumn<Row>[] {
  return [
    {
      id: 'Kontoinhaber',
      header: 'backoffice.payouts.column.Kontoinhaber',
      cell: (row) => row.Kontoinhaber ?? '–',
    },
    {
      id: 'IBAN',
      header: 'backoffice.payouts.column.IBAN',
      cell: (row) => row.IBAN ?? t('backoffice.payouts.noBankData'),
    },
  ];
}
