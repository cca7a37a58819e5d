import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportPage } from '../../schemas/reportQuery.ts';
import { PageBoundaryCache } from '../../server/reports/PageBoundaryCache.ts';
import { databases } from './helpers.ts';
import { ANNA, authHeaders, buildPersonalApp } from './personalAreaHelpers.ts';

/**
 * Issue 17: a report counts its rows on page 1 only; later pages answer with page 1's TotalCount (for at
 * most the boundary cache's 60 s), so the count is not a cost per page. Anna's recommendations report.
 */
describe.each(databases)('report TotalCount once per visit on $name', (database) => {
  let app: FastifyInstance;
  let anna: { authorization: string };
  let annaId: string;

  const page = async (Pagenumber: number) => {
    const response = await app.inject({
      method: 'PUT',
      url: '/api/v1/alpha/empfehler/empfehlungen/report',
      headers: anna,
      payload: { Pagesize: 2, Pagenumber },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ReportPage<{ Empfehlungsnummer: string }>>();
  };
  const add = (count: number, prefix: string) =>
    sql`
      insert into recommendation (mandant_id, empfehlungsnummer, link_hex, account_id, empfehler_email, produkt_id, link_expires_at, created_at)
      select 'alpha', ${prefix} || lpad(g::text, 4, '0'), md5(${prefix} || g::text), ${annaId}::uuid, ${ANNA.email}, '601', now(),
        timestamptz '2020-01-01 00:00:00+00' + g * interval '1 second'
      from generate_series(1, ${count}) g`.execute(app.database.kysely);

  beforeAll(async () => {
    app = await buildPersonalApp(database);
    anna = await authHeaders(app, 'alpha', ANNA);
    const row = await app.database.kysely
      .selectFrom('account')
      .select('id')
      .where('mandant_id', '=', 'alpha')
      .where('email', '=', ANNA.email)
      .executeTakeFirstOrThrow();
    annaId = row.id;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('answers later pages with page 1’s count, counts again on page 1, and past the end by a stale count', async () => {
    const first = await page(1);
    const counted = first.TotalCount;
    expect(counted).toBeGreaterThan(2);
    // Two rows arrive (older than every other, so at the end of the newest-first list).
    await add(2, '7601');
    const second = await page(2);
    expect(second.TotalCount).toBe(counted);
    expect(second.Content).toHaveLength(2);
    // Page 1 counts afresh.
    expect((await page(1)).TotalCount).toBe(counted + 2);
    // Four more: the page after the end of the count just made is counted afresh, not answered empty.
    await add(4, '7602');
    const beyond = await page(Math.ceil((counted + 2) / 2) + 1);
    expect(beyond.TotalCount).toBe(counted + 6);
    expect(beyond.Content.length).toBeGreaterThan(0);
  });
});

describe('PageBoundaryCache counts', () => {
  it('keeps a count for the time to live, and a new count drops the page ends of the old', () => {
    let now = 0;
    const cache = new PageBoundaryCache({ ttlMs: 1000, now: () => now });
    expect(cache.knownCount('q')).toBeUndefined();
    cache.rememberCount('q', 10);
    cache.remember('q', 10, 1, { key: 'a', id: '1' });
    expect(cache.knownCount('q')).toBe(10);
    cache.rememberCount('q', 10);
    expect(cache.nearest('q', 10, 1)).toEqual({ page: 1, boundary: { key: 'a', id: '1' } });
    cache.rememberCount('q', 11);
    expect(cache.knownCount('q')).toBe(11);
    expect(cache.nearest('q', 11, 1)).toBeUndefined();
    now = 1000;
    expect(cache.knownCount('q')).toBeUndefined();
  });
});
