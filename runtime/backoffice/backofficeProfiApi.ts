import {
  BACKOFFICE_PROFI_PATHS,
  type BackofficeProfi,
  type BackofficeProfiZeile,
  type ProfiMonatAntwort,
  type ProfiSellerStatus,
} from '../../schemas/backofficeProfi.ts';
import type { ReportPage, ReportQuery } from '../../schemas/reportQuery.ts';
import { getApiClient } from '../api/api.ts';
import { downloadFile } from '../table/reportApi.ts';

/** Profi-sellers in the back office (issue 16, server/backoffice/profi). */

/** PUT backoffice/profis: a page of the sellers matching `search` (a DataTable's `load`). */
export async function searchProfiSellers(
  search: string,
  query: ReportQuery,
): Promise<ReportPage<BackofficeProfiZeile>> {
  const client = await getApiClient();
  return (
    await client.put<ReportPage<BackofficeProfiZeile>>(BACKOFFICE_PROFI_PATHS.list, {
      ...query,
      Suche: search,
    })
  ).data;
}

/** GET backoffice/profis/{id}: master data (IBAN masked), sums, credit notes. */
export async function fetchProfiSeller(id: string): Promise<BackofficeProfi> {
  return (await (await getApiClient()).get<BackofficeProfi>(BACKOFFICE_PROFI_PATHS.seller(id))).data;
}

/** PUT backoffice/profis/{id}/status: block or unblock. */
export async function setProfiSellerStatus(id: string, status: ProfiSellerStatus): Promise<BackofficeProfi> {
  return (
    await (await getApiClient()).put<BackofficeProfi>(BACKOFFICE_PROFI_PATHS.status(id), { Status: status })
  ).data;
}

/** GET …/gutschriften/{Nummer}.pdf as a download. */
export function downloadProfiSellerCreditNote(id: string, nummer: string): Promise<void> {
  return downloadFile(BACKOFFICE_PROFI_PATHS.pdf(id, nummer), `${nummer}.pdf`);
}

/** POST backoffice/profis/gutschriften: the credit notes of a finished month for every seller. */
export async function createProfiCreditNotesOfMonth(month: string): Promise<ProfiMonatAntwort> {
  return (
    await (await getApiClient()).post<ProfiMonatAntwort>(BACKOFFICE_PROFI_PATHS.month, { Monat: month })
  ).data;
}
