import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../recommender/ownership.ts';
import type { PageBoundary } from './PageBoundaryCache.ts';
import type { RawReportRow, ReportColumn, ReportDefinition, ReportKeyType } from './ReportDefinition.ts';
import { containsPattern, type FilterCondition } from './reportFilter.ts';
import type { ExportPlan } from './reportPlan.ts';

/** Calendar days of the filter are Berlin days (SPEC 9: times are shown in Europe/Berlin). */
const BERLIN = 'Europe/Berlin';

const DEFAULT_KEY_TYPE: Record<ReportColumn['type'], ReportKeyType> = {
  text: 'text',
  enum: 'text',
  date: 'timestamptz',
  number: 'numeric',
  money: 'numeric',
};

export interface ReportFor<Context, Row> {
  db: Db;
  definition: ReportDefinition<Context, Row>;
  mandantId: string;
  context: Context;
  plan: ExportPlan;
}

/**
 * The report's rows as Kysely queries: FROM the report's table, WHERE the mandant (always, added here),
 * the definition's scope and the filter; ordered by (sort key, id) so that every row has one place.
 */
export function reportQueries<Context, Row>(report: ReportFor<Context, Row>) {
  const { db, definition, mandantId, context, plan } = report;
  const column = (name: string) => columnOf(definition, name);
  const sortColumn = column(plan.order.column);
  const key = sortColumn.sortKey ?? sqlOf(sortColumn);
  const keyType = sortColumn.keyType ?? DEFAULT_KEY_TYPE[sortColumn.type];
  const direction = plan.order.descending ? 'desc' : 'asc';

  const filtered = () => {
    let query = db
      .selectFrom(sql.table(definition.table).as(definition.alias))
      .where(sql<SqlBool>`${definition.mandantColumn} = ${mandantId}`)
      .where(definition.scope(db, context));
    for (const condition of plan.conditions) query = query.where(conditionSql(condition, column));
    return query;
  };

  /**
   * Rows after `boundary` in the report's order (all rows from the start without one); `fromEnd`: in the
   * opposite order, from the last row backwards (no boundary).
   */
  const ordered = (boundary: PageBoundary | null, fromEnd = false) => {
    let query = filtered();
    if (boundary) {
      const comparison = sql.raw(plan.order.descending ? '<' : '>');
      query = query.where(
        sql<SqlBool>`(${key}, ${definition.id}) ${comparison} (cast(${boundary.key} as ${sql.raw(keyType)}), cast(${boundary.id} as ${sql.raw(definition.idType)}))`,
      );
    }
    const reversed = direction === 'asc' ? 'desc' : 'asc';
    return query
      .orderBy(key, fromEnd ? reversed : direction)
      .orderBy(definition.id, fromEnd ? reversed : direction)
      .select([
        sql<string>`cast(${key} as text)`.as('__key'),
        sql<string>`cast(${definition.id} as text)`.as('__id'),
      ]);
  };

  return {
    async count(): Promise<number> {
      const row = await filtered()
        .select(sql<number>`cast(count(*) as integer)`.as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** The end of the row `skip` rows after `from`: reads only sort keys and ids, never whole rows. */
    async seek(from: PageBoundary | null, skip: number): Promise<PageBoundary | null> {
      const row = await ordered(from).offset(skip).limit(1).executeTakeFirst();
      return row ? { key: row.__key, id: row.__id } : null;
    },

    /**
     * The row `skip` rows before the last one (skip 0: the last row), counted from the end: the same
     * narrow read as `seek`, with the order's index read backwards, so a page near the end costs what a
     * page near the start does.
     */
    async seekFromEnd(skip: number): Promise<PageBoundary | null> {
      const row = await ordered(null, true).offset(skip).limit(1).executeTakeFirst();
      return row ? { key: row.__key, id: row.__id } : null;
    },

    /** Up to `limit` rows after `from`, every SQL column of the report, plus each row's boundary. */
    async rows(from: PageBoundary | null, limit: number): Promise<(RawReportRow & { __key: string })[]> {
      const values = definition.columns.flatMap((entry) => (entry.sql ? [entry.sql.as(entry.name)] : []));
      const rows = await ordered(from).select(values).limit(limit).execute();
      return rows as (RawReportRow & { __key: string })[];
    },
  };
}

function columnOf<Context, Row>(definition: ReportDefinition<Context, Row>, name: string): ReportColumn {
  const column = definition.columns.find((entry) => entry.name === name);
  if (!column) throw new Error(`${definition.name}: no column ${name}`);
  return column;
}

function sqlOf(column: ReportColumn): RawBuilder<unknown> {
  if (!column.sql) throw new Error(`column ${column.name} has no SQL`);
  return column.sql;
}

function conditionSql(
  condition: FilterCondition,
  column: (name: string) => ReportColumn,
): Expression<SqlBool> {
  switch (condition.kind) {
    case 'contains':
      return sql<SqlBool>`${sqlOf(column(condition.column))} ilike ${containsPattern(condition.text)}`;
    case 'anyContains': {
      const pattern = containsPattern(condition.text);
      const each = condition.columns.map((name) => sql<SqlBool>`${sqlOf(column(name))} ilike ${pattern}`);
      return sql<SqlBool>`(${sql.join(each, sql` or `)})`;
    }
    case 'oneOf':
      return sql<SqlBool>`${sqlOf(column(condition.column))} in (${sql.join(condition.values)})`;
    case 'dayRange': {
      const value = sqlOf(column(condition.column));
      const parts: RawBuilder<SqlBool>[] = [];
      if (condition.fromDay) parts.push(sql<SqlBool>`${value} >= ${berlinMidnight(condition.fromDay)}`);
      if (condition.beforeDay) parts.push(sql<SqlBool>`${value} < ${berlinMidnight(condition.beforeDay)}`);
      return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
    }
    case 'numberRange': {
      const value = sqlOf(column(condition.column));
      const parts: RawBuilder<SqlBool>[] = [];
      if (condition.min !== undefined)
        parts.push(sql<SqlBool>`${value} >= cast(${condition.min} as numeric)`);
      if (condition.max !== undefined)
        parts.push(sql<SqlBool>`${value} <= cast(${condition.max} as numeric)`);
      return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
    }
  }
}

/** The moment a Berlin calendar day begins. */
function berlinMidnight(day: string): RawBuilder<Date> {
  return sql<Date>`(cast(${day} as date)::timestamp at time zone ${BERLIN})`;
}
