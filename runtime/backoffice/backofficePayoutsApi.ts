import {
  type AuszahlungGutschriftZeile,
  type AuszahlungPraemieZeile,
  type AuszahlungslaufAnlegen,
  type AuszahlungslaufZeile,
  BACKOFFICE_PAYOUT_PATHS,
  type GutscheinBestand,
  type GutscheinImportErgebnis,
  type GutscheinPoolZeile,
} from '../../schemas/backofficePayouts.ts';
import type { ReportPage, ReportQuery } from '../../schemas/reportQuery.ts';
import { getApiClient } from '../api/api.ts';
import { downloadFile, fetchReportPage } from '../table/reportApi.ts';

/** Payout runs and voucher pools of the back office (issue 15, server/backoffice/payouts). */

/** PUT backoffice/auszahlungen/laeufe/liste: a page of the payout runs (a DataTable's `load`). */
export function fetchPayoutRuns(query: ReportQuery): Promise<ReportPage<AuszahlungslaufZeile>> {
  return fetchReportPage(BACKOFFICE_PAYOUT_PATHS.runList, query);
}

/** POST backoffice/auszahlungen/laeufe: a run of every due cash reward (ability payouts). */
export async function createPayoutRun(body: AuszahlungslaufAnlegen): Promise<AuszahlungslaufZeile> {
  return (await (await getApiClient()).post<AuszahlungslaufZeile>(BACKOFFICE_PAYOUT_PATHS.runs, body)).data;
}

/** GET backoffice/auszahlungen/laeufe/{id}: the run with its total and count. */
export async function fetchPayoutRun(id: string): Promise<AuszahlungslaufZeile> {
  return (await (await getApiClient()).get<AuszahlungslaufZeile>(BACKOFFICE_PAYOUT_PATHS.run(id))).data;
}

/** PUT backoffice/auszahlungen/laeufe/{id}/praemien: a page of the run's rewards. */
export function fetchPayoutRunRewards(
  id: string,
  query: ReportQuery,
): Promise<ReportPage<AuszahlungPraemieZeile>> {
  return fetchReportPage(BACKOFFICE_PAYOUT_PATHS.runRewards(id), query);
}

/** PUT backoffice/auszahlungen/laeufe/{id}/gutschriften: a page of the profi-seller credit notes the run pays. */
export function fetchPayoutRunCreditNotes(
  id: string,
  query: ReportQuery,
): Promise<ReportPage<AuszahlungGutschriftZeile>> {
  return fetchReportPage(BACKOFFICE_PAYOUT_PATHS.runCreditNotes(id), query);
}

/** GET backoffice/auszahlungen/laeufe/{id}/sepa as a download (ability payouts; the server logs it). */
export function downloadPayoutRunSepa(run: Pick<AuszahlungslaufZeile, 'Id' | 'Ausfuehrungsdatum'>) {
  return downloadFile(
    BACKOFFICE_PAYOUT_PATHS.runSepa(run.Id),
    `sepa-${run.Ausfuehrungsdatum}-${run.Id.slice(0, 8)}.xml`,
  );
}

/** POST backoffice/auszahlungen/laeufe/{id}/ausgefuehrt (ability payouts, once). */
export async function markPayoutRunExecuted(id: string): Promise<AuszahlungslaufZeile> {
  return (await (await getApiClient()).post<AuszahlungslaufZeile>(BACKOFFICE_PAYOUT_PATHS.runExecuted(id)))
    .data;
}

/** GET backoffice/gutscheine: every voucher pool with its stock and threshold (ability vouchers). */
export async function fetchVoucherPools(): Promise<GutscheinPoolZeile[]> {
  return (await (await getApiClient()).get<GutscheinBestand>(BACKOFFICE_PAYOUT_PATHS.vouchers)).data.Pools;
}

/** POST backoffice/gutscheine/import: the CSV file's text as it is (all rows or none). */
export async function importVoucherCsv(csv: Blob | string): Promise<GutscheinImportErgebnis> {
  const client = await getApiClient();
  return (
    await client.post<GutscheinImportErgebnis>(BACKOFFICE_PAYOUT_PATHS.voucherImport, csv, {
      headers: { 'Content-Type': 'text/csv' },
    })
  ).data;
}

/** PUT backoffice/gutscheine/{praemieId}/schwelle with the pool's `Stand` as read (409 PSOF0705 if it changed). */
export async function putVoucherThreshold(
  pool: Pick<GutscheinPoolZeile, 'PraemieId' | 'Stand'>,
  Schwelle: string,
): Promise<GutscheinPoolZeile> {
  const client = await getApiClient();
  return (
    await client.put<GutscheinPoolZeile>(
      BACKOFFICE_PAYOUT_PATHS.voucherThreshold(pool.PraemieId),
      { Schwelle },
      { params: { Stand: pool.Stand ?? '' } },
    )
  ).data;
}
