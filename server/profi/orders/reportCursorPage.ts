import { createHash } from 'node:crypto';
import { isCalendarDate } from '../../../domain/invoice.ts';
import type { ReportExportQuery } from '../../../schemas/reportQuery.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import type { Db } from '../../recommender/ownership.ts';
import { pageSizeOf, setNextPage } from '../../reports/keysetCursor.ts';
import type { ReportDefinition } from '../../reports/ReportDefinition.ts';
import { planExport } from '../../reports/reportPlan.ts';
import { reportQueries } from '../../reports/reportSql.ts';

/**
 * A report (server/reports: its columns, order, filter, scope and toRows) answered as a cursor list
 * (issue 17's wire shape: an array of at most `Pagesize` rows, `X-Next-Cursor` and `Link: rel="next"` when
 * more follow). The order and filter are the export link's query parameters (`OrderBy`, `Descending`,
 * `Filter.Column`), so the list and its CSV/XLSX export read the same rows in the same order.
 *
 * The cursor is the last row's report boundary `(sort key as text, id)`, opaque base64url bound to the
 * report, mandant, owner, order and filter by a tag: a cursor of another list, owner or query is 400
 * PSOF0921, a malformed one 400 PSOF0920, a page size outside 1–100 400 PSOF0922 (keysetCursor.ts's codes).
 * The page is one keyset query `(key, id) after (cursor)`, so page 1 and page 5,000 cost the same.
 */
export async function reportCursorPage<Context, Row>(
  db: Db,
  definition: ReportDefinition<Context, Row>,
  request: {
    mandantId: string;
    context: Context;
    query: ReportExportQuery;
    pagesize: unknown;
    cursor: string | undefined;
    url: string;
  },
  reply: { header: (name: string, value: string) => unknown },
  defaultPageSize = 100,
): Promise<Row[]> {
  const pageSize = pageSizeOf(request.pagesize, defaultPageSize);
  const plan = planExport(definition, request.query);
  const tag = createHash('sha256')
    .update(
      JSON.stringify([
        definition.name,
        request.mandantId,
        definition.scopeKey(request.context),
        plan.order,
        plan.conditions,
      ]),
    )
    .digest('base64url')
    .slice(0, 12);
  const after = request.cursor ? decode(tag, request.cursor, keyTypeOf(definition, plan.order.column)) : null;
  const rows = await reportQueries({ db, definition, ...request, plan }).rows(after, pageSize + 1);
  const shown = rows.slice(0, pageSize);
  const last = shown.at(-1);
  setNextPage(
    reply,
    request.url,
    rows.length > pageSize && last ? encode(tag, { key: last.__key, id: last.__id }) : null,
  );
  return definition.toRows(db, shown, request.context);
}

function encode(tag: string, boundary: { key: string; id: string }): string {
  return Buffer.from(JSON.stringify({ v: 1, l: tag, k: boundary.key, i: boundary.id })).toString('base64url');
}

function keyTypeOf<Context, Row>(definition: ReportDefinition<Context, Row>, name: string): string {
  const column = definition.columns.find((candidate) => candidate.name === name);
  if (!column) return 'text';
  if (column.keyType) return column.keyType;
  return column.type === 'date'
    ? 'timestamptz'
    : column.type === 'number' || column.type === 'money'
      ? 'numeric'
      : 'text';
}

const TIMESTAMP = /^(\d{4}-\d{2}-\d{2}) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

/**
 * The key goes back to SQL as `cast(key as type)`: a forged cursor (the tag is no secret) must not make that
 * cast fail with a 500, so the key is checked against its type first.
 */
function keyFits(key: string, keyType: string): boolean {
  switch (keyType) {
    case 'timestamptz': {
      const match = TIMESTAMP.exec(key);
      return match !== null && isCalendarDate(match[1] ?? '');
    }
    case 'integer':
    case 'bigint':
      return /^-?\d{1,15}$/.test(key);
    case 'numeric':
      return /^-?\d{1,15}(\.\d{1,6})?$/.test(key);
    case 'uuid':
      return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(key);
    default:
      return !key.includes('\u0000');
  }
}

function decode(tag: string, cursor: string, keyType: string): { key: string; id: string } {
  const malformed = () => new ApiProblem('PSOF0920', [{ pointer: '/Cursor', reason: 'malformed' }]);
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]{1,600}$/.test(cursor)) throw new Error('not base64url');
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw malformed();
  }
  if (typeof parsed !== 'object' || parsed === null) throw malformed();
  const { v, l, k, i } = parsed as Record<string, unknown>;
  if (v !== 1 || typeof l !== 'string' || typeof k !== 'string' || typeof i !== 'string') throw malformed();
  if (k.length > 300 || !keyFits(k, keyType) || !keyFits(i, 'uuid')) throw malformed();
  if (l !== tag) throw new ApiProblem('PSOF0921', [{ pointer: '/Cursor', reason: 'of another list' }]);
  return { key: k, id: i };
}
