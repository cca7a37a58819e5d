import type { ReportExportQuery, ReportQuery } from '../../schemas/reportQuery.ts';

/** The table's state as TanStack Table keeps it (sorting, column filters, pagination). */
export interface TableQueryState {
  sorting: readonly { id: string; desc: boolean }[];
  columnFilters: readonly { id: string; value: unknown }[];
  pagination: { pageIndex: number; pageSize: number };
}

/** The filter and order part of the query: what an export needs too. */
export function tableExportQuery(
  state: Pick<TableQueryState, 'sorting' | 'columnFilters'>,
): ReportExportQuery {
  const sort = state.sorting[0];
  const filter = Object.fromEntries(
    state.columnFilters
      .filter((entry) => typeof entry.value === 'string' && entry.value !== '')
      .map((entry) => [entry.id, entry.value as string]),
  );
  return {
    ...(sort ? { OrderBy: sort.id, Descending: sort.desc } : {}),
    ...(Object.keys(filter).length > 0 ? { Filter: filter } : {}),
  };
}

/** SPEC 3's report query for the table's state: Pagenumber counts from 1, TanStack's pageIndex from 0. */
export function tableReportQuery(state: TableQueryState): ReportQuery {
  return {
    ...tableExportQuery(state),
    Pagesize: state.pagination.pageSize,
    Pagenumber: state.pagination.pageIndex + 1,
  };
}

/** A range filter's value (`FROM..TO`, either end open) from two inputs; empty when both are. */
export function rangeValue(from: string, to: string): string {
  const start = from.trim();
  const end = to.trim();
  if (start === '' && end === '') return '';
  if (start === end) return start;
  return `${start}..${end}`;
}
