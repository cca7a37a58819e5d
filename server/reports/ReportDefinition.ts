import type { Expression, RawBuilder, SqlBool } from 'kysely';
import type { Db } from '../recommender/ownership.ts';

/** How a column's values are filtered, ordered and written to CSV/XLSX. Money is integer cents. */
export type ReportColumnType = 'text' | 'enum' | 'number' | 'money' | 'date';

/** The SQL type a keyset boundary is cast back to (it travels as text so no precision is lost). */
export type ReportKeyType = 'text' | 'integer' | 'bigint' | 'numeric' | 'timestamptz' | 'uuid';

/** What the pure parts (order, filter, CSV) need to know of a column. */
export interface ReportColumnFacts {
  /** The name on the wire: row field, OrderBy, Filter key, CSV/XLSX header. */
  name: string;
  type: ReportColumnType;
  /** The values of an enum column. */
  values?: readonly string[];
  sortable?: boolean;
  filterable?: boolean;
}

export interface ReportColumn extends ReportColumnFacts {
  /**
   * The value in SQL, over the report's table alias. Without it the column is filled in by `toRows` (for
   * data looked up per page, such as a product name from the catalogue); such a column can be neither
   * sorted nor filtered.
   */
  sql?: RawBuilder<unknown>;
  /**
   * Sortable columns: the expression the keyset orders by. It must never be NULL (a NULL breaks the row
   * comparison `(key, id) > (…)`): coalesce a nullable value. Default: `sql`.
   */
  sortKey?: RawBuilder<unknown>;
  /** Default: text and enum 'text', date 'timestamptz', number and money 'numeric'. */
  keyType?: ReportKeyType;
}

/** One row as SQL answers it: the SQL columns by wire name, and the row's id. */
export type RawReportRow = Record<string, unknown> & { __id: string };

/**
 * A report: a list that pages, sorts, filters and exports (server/reports/README.md). `Context` is whom the
 * report is for (the recommender, the agency …); the mandant condition is added by the report functions
 * themselves, never by the definition.
 */
export interface ReportDefinition<Context, Row> {
  /** Names the report in logs and in the page-boundary cache. */
  name: string;
  /** The one table the rows come from, and its alias in the column expressions. */
  table: string;
  alias: string;
  /** The unique, never-NULL tie-breaker of the order (the primary key), and its type. */
  id: RawBuilder<unknown>;
  idType: ReportKeyType;
  /** The table's mandant column. */
  mandantColumn: RawBuilder<unknown>;
  /** Who may see which rows within the mandant (e.g. only the recommender's own). */
  scope: (db: Db, context: Context) => Expression<SqlBool>;
  /** Part of the page-boundary cache key: two contexts with the same key see the same rows. */
  scopeKey: (context: Context) => string;
  columns: readonly ReportColumn[];
  defaultOrder: { OrderBy: string; Descending: boolean };
  /** The SQL rows of one page (or one export chunk), in order, to wire rows. */
  toRows: (db: Db, rows: readonly RawReportRow[], context: Context) => Promise<Row[]>;
}

/** Checks a definition once, when it is made: a broken one is a programming error, not a request error. */
export function defineReport<Context, Row>(
  definition: ReportDefinition<Context, Row>,
): ReportDefinition<Context, Row> {
  const names = new Set<string>();
  for (const column of definition.columns) {
    if (names.has(column.name)) throw new Error(`${definition.name}: column ${column.name} twice`);
    names.add(column.name);
    if ((column.sortable || column.filterable) && !column.sql) {
      throw new Error(`${definition.name}: column ${column.name} sorts or filters without SQL`);
    }
    if (column.type === 'enum' && !column.values?.length) {
      throw new Error(`${definition.name}: enum column ${column.name} has no values`);
    }
  }
  const order = definition.columns.find((column) => column.name === definition.defaultOrder.OrderBy);
  if (!order?.sortable) throw new Error(`${definition.name}: default order is not a sortable column`);
  return definition;
}
