import type { ReactNode } from 'react';
import type {
  ReportExportFormat,
  ReportExportQuery,
  ReportPage,
  ReportQuery,
} from '../../schemas/reportQuery.ts';

/** How a column is filtered in the table's filter form; the value goes to the server as the column's Filter. */
export type DataTableFilter =
  | { type: 'text' }
  | { type: 'date' }
  | { type: 'number' }
  /** `label`: an i18n key per value. */
  | { type: 'enum'; options: readonly { value: string; label: string }[] };

export interface DataTableColumn<Row> {
  /** The report's column name: the row's field, OrderBy and the Filter key. */
  id: string;
  /** i18n key of the column header. */
  header: string;
  sortable?: boolean;
  filter?: DataTableFilter;
  /** The cell's content; default: the row's field as text. */
  cell?: (row: Row) => ReactNode;
  /** Numbers and money: right-aligned. */
  numeric?: boolean;
}

export interface DataTableProps<Row> {
  /** i18n key of the table's caption (its accessible name). */
  caption: string;
  columns: readonly DataTableColumn<Row>[];
  /** One page from the server for a report query (sorting, filtering and paging happen there). */
  load: (query: ReportQuery) => Promise<ReportPage<Row>>;
  rowKey: (row: Row) => string;
  /** The order the server uses without an OrderBy, so the header shows it. */
  initialOrder?: { OrderBy: string; Descending: boolean };
  pageSize?: number;
  /** Choices for rows per page (at most REPORT_MAX_PAGE_SIZE); one or none: no choice shown. */
  pageSizes?: readonly number[];
  /** Downloads the whole list with the current order and filter; without it no export buttons. */
  onExport?: (format: ReportExportFormat, query: ReportExportQuery) => Promise<void>;
  /** i18n key of the text when nothing matches; default `table.empty`. */
  empty?: string;
}
