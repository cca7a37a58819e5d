/**
 * SPEC 3's report query (OrderBy, Descending, Pagesize, Pagenumber, Filter) and the page a report answers
 * with, shared by the runtime's table and the server's reports. The agency, profi-seller and back-office
 * reports (`PUT agentur/auftraege/{x}/` …) all take this body. The page answer follows SPEC's agent search
 * result (Content, HasNext, PageCount, TotalCount) and repeats the page it is.
 */
import { REPORT_DEFAULT_PAGE_SIZE, REPORT_MAX_PAGE_SIZE } from './constants.ts';

/** Far beyond any real list; keeps `(Pagenumber - 1) * Pagesize` a small integer. */
export const REPORT_MAX_PAGE_NUMBER = 1_000_000;
export const REPORT_FILTER_MAX_LENGTH = 200;
export const REPORT_MAX_FILTERS = 20;
/** A column name on the wire: also an XLSX/CSV header and a query parameter suffix (`Filter.Status`). */
export const REPORT_COLUMN_PATTERN = '^[A-Za-z][A-Za-z0-9_]{0,63}$';

/**
 * Filter: a text searches every filterable text column (contains, case-insensitive); an object filters
 * column by column, each value in the column's syntax:
 * - text: contains, case-insensitive;
 * - enum: one value, or several separated by commas (`Offen,Ok`);
 * - date: a Berlin day `YYYY-MM-DD`, or a range of days `FROM..TO` (either end may be left open);
 * - number and money: `N` or `MIN..MAX` (inclusive; money in cents).
 * An empty value filters nothing.
 */
export type ReportFilter = string | Record<string, string>;

export interface ReportQuery {
  /** A sortable column of the report; missing or empty: the report's default order. */
  OrderBy?: string | null;
  Descending?: boolean;
  /** Rows per page, 1 to REPORT_MAX_PAGE_SIZE. */
  Pagesize?: number;
  /** 1 is the first page. A page after the last answers an empty Content. */
  Pagenumber?: number;
  Filter?: ReportFilter | null;
}

export interface ReportPage<Row> {
  Content: Row[];
  Pagenumber: number;
  Pagesize: number;
  /** A later page exists. */
  HasNext: boolean;
  /** Pages of this size for the query (0 when nothing matches). */
  PageCount: number;
  /** Rows matching the filter. */
  TotalCount: number;
}

export const REPORT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ReportExportFormat = (typeof REPORT_EXPORT_FORMATS)[number];
/** An export holds every row of the query: no paging. */
export type ReportExportQuery = Pick<ReportQuery, 'OrderBy' | 'Descending' | 'Filter'>;

const filterValue = { type: 'string', maxLength: REPORT_FILTER_MAX_LENGTH } as const;

export const reportQuerySchema = {
  type: 'object',
  description:
    'SPEC 3 report query. Filter: a text (searches the text columns) or { Column: value } (text contains; enum `A,B`; date `YYYY-MM-DD` or `FROM..TO`; number `N` or `MIN..MAX`).',
  additionalProperties: false,
  properties: {
    OrderBy: { type: ['string', 'null'], maxLength: 64, description: 'A sortable column of the report.' },
    Descending: { type: 'boolean', default: false },
    Pagesize: {
      type: 'integer',
      minimum: 1,
      maximum: REPORT_MAX_PAGE_SIZE,
      default: REPORT_DEFAULT_PAGE_SIZE,
    },
    Pagenumber: { type: 'integer', minimum: 1, maximum: REPORT_MAX_PAGE_NUMBER, default: 1 },
    Filter: {
      anyOf: [
        { type: 'null' },
        filterValue,
        {
          type: 'object',
          maxProperties: REPORT_MAX_FILTERS,
          propertyNames: { pattern: REPORT_COLUMN_PATTERN },
          additionalProperties: filterValue,
        },
      ],
    },
  },
} as const;

/** The page answer's schema around the report's row schema. */
export function reportPageSchema<RowSchema extends object>(rowSchema: RowSchema) {
  return {
    type: 'object',
    required: ['Content', 'Pagenumber', 'Pagesize', 'HasNext', 'PageCount', 'TotalCount'],
    properties: {
      Content: { type: 'array', items: rowSchema },
      Pagenumber: { type: 'integer' },
      Pagesize: { type: 'integer' },
      HasNext: { type: 'boolean', description: 'A later page exists.' },
      PageCount: { type: 'integer', description: 'Pages of this size for the query.' },
      TotalCount: { type: 'integer', description: 'Rows matching the filter.' },
    },
  } as const;
}

export function pageCount(totalCount: number, pageSize: number): number {
  return Math.ceil(totalCount / pageSize);
}

/**
 * An export is a download link (`GET …/export.csv?OrderBy=Datum&Descending=true&Filter.Status=Offen`):
 * the report query without paging as query parameters. A text filter is `Filter=…`, a column's filter
 * `Filter.Column=…`.
 */
export function exportSearchParams(query: ReportExportQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.OrderBy) params.set('OrderBy', query.OrderBy);
  if (query.Descending) params.set('Descending', 'true');
  const filter = query.Filter;
  if (typeof filter === 'string') {
    if (filter !== '') params.set('Filter', filter);
  } else if (filter) {
    for (const [column, value] of Object.entries(filter)) {
      if (value !== '') params.set(`Filter.${column}`, value);
    }
  }
  return params;
}

/** The query parameters of an export link, as the server's querystring parser hands them over. */
export type ExportQuerystring = Record<string, string | string[] | boolean | undefined>;

/**
 * Reads `exportSearchParams` back (the server's side): column filters win over a text filter; the filter's
 * syntax is checked by the report.
 */
export function exportQueryFromParams(querystring: ExportQuerystring): ReportExportQuery {
  const single = (value: ExportQuerystring[string]) => (Array.isArray(value) ? value[0] : value);
  const columns: Record<string, string> = {};
  for (const [name, value] of Object.entries(querystring)) {
    const text = single(value);
    if (name.startsWith('Filter.') && typeof text === 'string') columns[name.slice('Filter.'.length)] = text;
  }
  const text = single(querystring.Filter);
  const descending = single(querystring.Descending);
  const orderBy = single(querystring.OrderBy);
  return {
    OrderBy: typeof orderBy === 'string' && orderBy !== '' ? orderBy : null,
    Descending: descending === true || descending === 'true',
    Filter: Object.keys(columns).length > 0 ? columns : typeof text === 'string' && text !== '' ? text : null,
  };
}

export const exportQuerystringSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    OrderBy: { type: 'string', maxLength: 64 },
    Descending: { type: 'boolean' },
    Filter: filterValue,
  },
  patternProperties: { '^Filter\\.[A-Za-z][A-Za-z0-9_]{0,63}$': filterValue },
  maxProperties: REPORT_MAX_FILTERS + 3,
} as const;
