import {
  exportSearchParams,
  type ReportExportFormat,
  type ReportExportQuery,
  type ReportPage,
  type ReportQuery,
} from '../../schemas/reportQuery.ts';
import { getApiClient } from '../api/api.ts';

/**
 * A report's page from the server: `PUT {path}` with SPEC 3's report query (path relative to the mandant,
 * e.g. `/empfehler/empfehlungen/report` or `agentur/auftraege/{x}/`). A DataTable's `load`.
 */
export async function fetchReportPage<Row>(path: string, query: ReportQuery): Promise<ReportPage<Row>> {
  return (await (await getApiClient()).put<ReportPage<Row>>(path, query)).data;
}

/**
 * Downloads `{path}/export.{format}` with the table's order and filter. Sessions travel in a header, not
 * a cookie, so a plain link would arrive without one: the file comes through the API client and is handed
 * to the browser as a download.
 */
export async function downloadReportExport(
  path: string,
  format: ReportExportFormat,
  query: ReportExportQuery,
  fileName: string,
): Promise<void> {
  const params = exportSearchParams(query).toString();
  await downloadFile(`${path}/export.${format}${params ? `?${params}` : ''}`, `${fileName}.${format}`);
}

/**
 * Downloads a file the server answers at `path` (relative to the mandant) under `fileName`: a report's
 * export, an agency's invoice PDF. It comes through the API client (the session's header) and is handed to
 * the browser as a download.
 */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const client = await getApiClient();
  const response = await client.get<Blob>(path, { responseType: 'blob' });
  const url = URL.createObjectURL(response.data);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked after the click has handed the file to the browser.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
