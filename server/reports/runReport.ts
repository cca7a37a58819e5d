import {
  pageCount,
  type ReportExportQuery,
  type ReportPage,
  type ReportQuery,
} from '../../schemas/reportQuery.ts';
import type { Db } from '../recommender/ownership.ts';
import type { PageBoundary, PageBoundaryCache } from './PageBoundaryCache.ts';
import type { RawReportRow, ReportDefinition } from './ReportDefinition.ts';
import { type ExportPlan, planExport, planReport } from './reportPlan.ts';
import { reportQueries } from './reportSql.ts';

/** Rows per query when an export walks the whole report. */
export const EXPORT_CHUNK_ROWS = 1000;

export interface ReportRequest<Context> {
  /** Every query is scoped by it: the report functions add the condition, not the definition. */
  mandantId: string;
  context: Context;
}

/**
 * One page of a report for SPEC 3's report query. Underneath, pages are keyset pages by (sort key, id):
 * the page starts right after the previous page's last row. That row is found in the boundary cache when
 * the previous page was served recently (sequential paging: a pure keyset seek), else by skipping from the
 * nearest known page end over sort keys and ids only — or, when the page is nearer the end (the last page),
 * over the same columns backwards from the last row (server/reports/README.md, "Pagenumber and keyset").
 */
export async function answerReport<Context, Row>(
  db: Db,
  definition: ReportDefinition<Context, Row>,
  request: ReportRequest<Context> & { query: ReportQuery },
  boundaries?: PageBoundaryCache,
): Promise<ReportPage<Row>> {
  const plan = planReport(definition, request.query);
  const { pageSize, pageNumber } = plan;
  const queries = reportQueries({ db, definition, ...request, plan });
  const cacheKey = JSON.stringify([
    definition.name,
    request.mandantId,
    definition.scopeKey(request.context),
    plan.order,
    plan.conditions,
    pageSize,
  ]);
  // The count runs on page 1 (and when the process has none younger than the cache's 60 s); later pages
  // answer with page 1's: a count per page cost the back office's order list 33× its small case at 1M
  // rows (server/reports/README.md, "TotalCount").
  let totalCount = pageNumber > 1 ? boundaries?.knownCount(cacheKey) : undefined;
  // Past the end by page 1's count: rows may have come since, so that one is counted afresh.
  if (totalCount !== undefined && (pageNumber - 1) * pageSize >= totalCount) totalCount = undefined;
  if (totalCount === undefined) {
    totalCount = await queries.count();
    boundaries?.rememberCount(cacheKey, totalCount);
  }
  const total = totalCount;
  const page = (rows: Row[], hasNext: boolean): ReportPage<Row> => ({
    Content: rows,
    Pagenumber: pageNumber,
    Pagesize: pageSize,
    HasNext: hasNext,
    PageCount: pageCount(total, pageSize),
    TotalCount: total,
  });
  if ((pageNumber - 1) * pageSize >= totalCount) return page([], false);

  let start: PageBoundary | null = null;
  if (pageNumber > 1) {
    const known = boundaries?.nearest(cacheKey, totalCount, pageNumber - 1);
    // Rows between the nearest known page end (or the start) and the row before this page…
    const skip = (pageNumber - 1 - (known?.page ?? 0)) * pageSize - 1;
    // …and between that row and the end: the row before this page is this many rows before the last.
    const fromEnd = totalCount - (pageNumber - 1) * pageSize;
    start =
      known && skip < 0
        ? known.boundary
        : fromEnd < skip
          ? await queries.seekFromEnd(fromEnd)
          : await queries.seek(known?.boundary ?? null, skip);
    // Rows went away between the count and the seek: the page is past the end now.
    if (!start) return page([], false);
    boundaries?.remember(cacheKey, totalCount, pageNumber - 1, start);
  }
  const rows = await queries.rows(start, pageSize + 1);
  const hasNext = rows.length > pageSize;
  const shown = rows.slice(0, pageSize);
  const last = shown.at(-1);
  if (hasNext && last)
    boundaries?.remember(cacheKey, totalCount, pageNumber, { key: last.__key, id: last.__id });
  return page(await definition.toRows(db, shown, request.context), hasNext);
}

/**
 * Checks an export's order and filter before anything is sent (a bad query is still a 400), and returns
 * the walk over every row: keyset chunks of EXPORT_CHUNK_ROWS in the report's order, never all rows in
 * memory and never an OFFSET. Each chunk is its own short query, so on PGlite's one connection other
 * requests run between chunks; rows added or removed meanwhile may or may not be in the file, but no row
 * that stays is missed or written twice.
 */
export function prepareExport<Context, Row>(
  db: Db,
  definition: ReportDefinition<Context, Row>,
  request: ReportRequest<Context> & { query: ReportExportQuery },
  chunkRows = EXPORT_CHUNK_ROWS,
): AsyncIterable<Row[]> {
  const plan: ExportPlan = planExport(definition, request.query);
  const queries = reportQueries({ db, definition, ...request, plan });
  return {
    async *[Symbol.asyncIterator]() {
      let after: PageBoundary | null = null;
      for (;;) {
        const rows: (RawReportRow & { __key: string })[] = await queries.rows(after, chunkRows);
        if (rows.length > 0) yield await definition.toRows(db, rows, request.context);
        const last = rows.at(-1);
        if (!last || rows.length < chunkRows) return;
        after = { key: last.__key, id: last.__id };
      }
    },
  };
}
