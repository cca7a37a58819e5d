import { createHash } from 'node:crypto';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import { ApiProblem } from '../http/ApiProblem.ts';

/**
 * Cursor paging for the lists a user makes long themselves (the dashboard's recommendations, the rewards;
 * issue 17): newest first, ordered by `(created_at, id)` descending — a total order even where rows share
 * a moment — and a page is "the next `Pagesize` rows after the cursor". The cursor is the last row's
 * `(created_at, id)`; later inserts sort before it, so paging on neither repeats nor skips a row that stayed.
 *
 * On the wire a cursor is opaque base64url text: `{ v: 1, l: list tag, p: micros, i: id }`. The time is
 * whole microseconds since the epoch (timestamptz's own precision; JavaScript's Date would round to
 * milliseconds and repeat rows) and goes back to SQL as `'epoch' + n µs`, never parsed as text by the
 * database. The list tag is a short hash of the list's name, mandant and owner, so a cursor of another
 * list, owner or mandant is refused (400 PSOF0921) instead of starting somewhere arbitrary; it holds no
 * id in clear. A cursor carries no rights: every page query is scoped by mandant and owner anyway.
 */
export interface KeysetPosition {
  /** Microseconds since 1970-01-01 UTC, as decimal digits. */
  micros: string;
  id: string;
}

export const PAGE_SIZE_MAX = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MICROS = /^-?\d{1,17}$/;

/** The tag binding a cursor to one list of one owner at one mandant. */
export function listTag(list: string, mandantId: string, ownerId: string): string {
  return createHash('sha256').update(`${list}\0${mandantId}\0${ownerId}`).digest('base64url').slice(0, 12);
}

export function encodeCursor(tag: string, position: KeysetPosition): string {
  return Buffer.from(JSON.stringify({ v: 1, l: tag, p: position.micros, i: position.id })).toString(
    'base64url',
  );
}

/** The position a cursor names; 400 PSOF0920 when it is not one of ours, PSOF0921 when of another list. */
export function decodeCursor(tag: string, cursor: string): KeysetPosition {
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]{1,400}$/.test(cursor)) throw new Error('not base64url');
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw malformed();
  }
  if (typeof parsed !== 'object' || parsed === null) throw malformed();
  const { v, l, p, i } = parsed as Record<string, unknown>;
  if (v !== 1 || typeof l !== 'string' || typeof p !== 'string' || typeof i !== 'string') throw malformed();
  if (!MICROS.test(p) || !UUID.test(i)) throw malformed();
  if (l !== tag) throw new ApiProblem('PSOF0921', [{ pointer: '/Cursor', reason: 'of another list' }]);
  return { micros: p, id: i };
}

function malformed(): ApiProblem {
  return new ApiProblem('PSOF0920', [{ pointer: '/Cursor', reason: 'malformed' }]);
}

/** The page size asked for: default when absent, 400 PSOF0922 outside 1..max. */
export function pageSizeOf(value: unknown, fallback: number, max = PAGE_SIZE_MAX): number {
  if (value === undefined || value === '') return fallback;
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(number) || number < 1 || number > max) {
    throw new ApiProblem('PSOF0922', [{ pointer: '/Pagesize', reason: `an integer from 1 to ${max}` }]);
  }
  return number;
}

/** `created_at` as whole microseconds since the epoch, text (for the cursor of a page's last row). */
export function microsOf(column: string): RawBuilder<string> {
  return sql<string>`cast((extract(epoch from ${sql.ref(column)}) * 1000000)::numeric(20,0) as text)`;
}

/** The condition "after the position" for a newest-first order: `(created_at, id) < (p, i)`. */
export function before(createdAt: string, id: string, position: KeysetPosition): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.ref(createdAt)}, ${sql.ref(id)}) < (timestamptz 'epoch' + ${position.micros}::bigint * interval '1 microsecond', ${position.id}::uuid)`;
}

/** The `Link` header for the next page (RFC 8288), the request's URL with `Cursor` replaced. */
export function nextLink(requestUrl: string, cursor: string): string {
  const url = new URL(requestUrl, 'http://x');
  url.searchParams.set('Cursor', cursor);
  return `<${url.pathname}${url.search}>; rel="next"`;
}

/** The query of a cursor-paged list: checked in code, so a bad value is PSOF0920–0922, not a schema error. */
export interface PagingQuery {
  Pagesize?: string;
  Cursor?: string;
}

export const pagingQuerySchema = {
  type: 'object',
  properties: {
    Pagesize: { type: 'string', description: `Rows per page, 1–${PAGE_SIZE_MAX}.` },
    Cursor: {
      type: 'string',
      description:
        'The previous page’s `X-Next-Cursor` (also in `Link: <…>; rel="next"`); absent: the newest rows. Another list’s cursor: 400 PSOF0921; a malformed one: 400 PSOF0920.',
    },
  },
} as const;

/** What a route answers beside the page's array: the next page's cursor, when there is one. */
export function setNextPage(
  reply: { header: (name: string, value: string) => unknown },
  requestUrl: string,
  cursor: string | null,
): void {
  if (!cursor) return;
  reply.header('x-next-cursor', cursor);
  reply.header('link', nextLink(requestUrl, cursor));
}
