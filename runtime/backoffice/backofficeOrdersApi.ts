import {
  BACKOFFICE_ORDER_PATHS,
  type BackofficeOrderDetail,
  type OrderActionRequest,
  type OrderActionResponse,
  type OrderReassignRequest,
  type OrderSearchRow,
  type ReviewBulkRequest,
  type ReviewBulkResponse,
  type ReviewRequest,
  type ReviewRow,
} from '../../schemas/backofficeOrders.ts';
import {
  exportSearchParams,
  type ReportExportFormat,
  type ReportExportQuery,
  type ReportPage,
  type ReportQuery,
} from '../../schemas/reportQuery.ts';
import { getApiClient } from '../api/api.ts';
import { downloadFile, fetchReportPage } from '../table/reportApi.ts';

/** Orders, recommendations and the review queue of the back office (issue 15, server/backoffice/orders). */

/** PUT backoffice/auftraege/: a page of the search (a DataTable's `load` with the search term). */
export function fetchOrderSearch(search: string, query: ReportQuery): Promise<ReportPage<OrderSearchRow>> {
  return fetchReportPage(BACKOFFICE_ORDER_PATHS.search, { ...query, Suche: search || null } as ReportQuery);
}

/** GET backoffice/auftraege/export.{csv|xlsx}: the search with the table's order and filter, as a download. */
export function downloadOrderSearch(
  search: string,
  format: ReportExportFormat,
  query: ReportExportQuery,
): Promise<void> {
  const params = exportSearchParams(query);
  if (search) params.set('Suche', search);
  const text = params.toString();
  return downloadFile(
    `${BACKOFFICE_ORDER_PATHS.export(format)}${text ? `?${text}` : ''}`,
    `auftraege.${format}`,
  );
}

/** GET backoffice/auftraege/{empfehlungsnummer}: the recommendation, its orders and the whole timeline. */
export async function fetchOrderDetail(empfehlungsnummer: string): Promise<BackofficeOrderDetail> {
  return (
    await (await getApiClient()).get<BackofficeOrderDetail>(BACKOFFICE_ORDER_PATHS.detail(empfehlungsnummer))
  ).data;
}

export type OrderAction = 'confirm' | 'cancel' | 'reassign';

/** POST bestaetigen / stornieren / umbuchen (ability orders): the answer is the order after the action. */
export async function runOrderAction(
  action: OrderAction,
  auftragsnummer: string,
  body: OrderActionRequest | OrderReassignRequest,
): Promise<OrderActionResponse> {
  const path = BACKOFFICE_ORDER_PATHS[action](auftragsnummer);
  return (await (await getApiClient()).post<OrderActionResponse>(path, body)).data;
}

/** PUT backoffice/pruefung/: a page of the review queue. */
export function fetchReviewQueue(query: ReportQuery): Promise<ReportPage<ReviewRow>> {
  return fetchReportPage(BACKOFFICE_ORDER_PATHS.reviewQueue, query);
}

/** POST backoffice/pruefung/{auftragsnummer} (ability review). */
export async function reviewBackofficeOrder(
  auftragsnummer: string,
  body: ReviewRequest,
): Promise<OrderActionResponse> {
  return (
    await (
      await getApiClient()
    ).post<OrderActionResponse>(BACKOFFICE_ORDER_PATHS.review(auftragsnummer), body)
  ).data;
}

/** POST backoffice/pruefung/sammel: several at once, the answer per order. */
export async function reviewBackofficeOrders(body: ReviewBulkRequest): Promise<ReviewBulkResponse> {
  return (await (await getApiClient()).post<ReviewBulkResponse>(BACKOFFICE_ORDER_PATHS.reviewBulk, body))
    .data;
}
