import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmpfehlungEintrag } from '../../schemas/personalArea.ts';
import type { Praemierung } from '../../schemas/praemien.ts';
import { encodeCursor, listTag } from '../../server/reports/keysetCursor.ts';
import { databases } from './helpers.ts';
import { ANNA, authHeaders, BEN, BETA_ANNA, buildPersonalApp } from './personalAreaHelpers.ts';

/**
 * Issue 17: the dashboard's recommendations and the recommender's rewards are paged by keyset. Anna gets
 * 70,000 recommendations (a seventh of them made with her e-mail before she had an account) and 3,000
 * rewards, seeded by SQL; Ben a few hundred with ties, for walking every page.
 */
const MANY = 70_000;
const REWARDS = 3_000;

describe.each(databases)('keyset paging of the personal area’s lists on $name', (database) => {
  let app: FastifyInstance;
  let anna: { authorization: string };
  let ben: { authorization: string };
  let annaId: string;
  let benId: string;

  const get = (headers: Record<string, string>, url: string) => app.inject({ method: 'GET', url, headers });
  const recommendations = (headers: Record<string, string>, query = '', mandant = 'alpha') =>
    get(headers, `/api/v1/${mandant}/empfehler/empfehlungen/${query}`);

  /** Every page of a list, following X-Next-Cursor; `between` runs after each page. */
  async function walk<T>(
    headers: Record<string, string>,
    path: string,
    pageSize: number,
    between?: (page: number) => Promise<void>,
  ): Promise<T[]> {
    const all: T[] = [];
    let cursor: string | undefined;
    for (let page = 1; page < 10_000; page++) {
      const separator = path.includes('?') ? '&' : '?';
      const url = `${path}${separator}Pagesize=${pageSize}${cursor ? `&Cursor=${cursor}` : ''}`;
      const response = await get(headers, url);
      expect(response.statusCode, response.body).toBe(200);
      const rows = response.json<T[]>();
      all.push(...rows);
      const next = response.headers['x-next-cursor'];
      if (typeof next !== 'string') return all;
      expect(rows).toHaveLength(pageSize);
      expect(response.headers.link).toContain(`Cursor=${next}`);
      cursor = next;
      await between?.(page);
    }
    throw new Error('no last page');
  }

  async function seedRecommendations(
    accountId: string,
    email: string,
    mandant: string,
    prefix: string,
    count: number,
    tiesPer: number,
  ) {
    // A seventh without an account (made with the e-mail before registering); `tiesPer` rows per moment.
    await sql`
      insert into recommendation
        (mandant_id, empfehlungsnummer, link_hex, account_id, empfehler_email, produkt_id, status, link_expires_at, created_at)
      select ${mandant}, ${prefix} || lpad(g::text, 6, '0'), md5(${prefix} || g::text),
        case when g % 7 = 0 then null else ${accountId}::uuid end, ${email}, '601', 'Offen',
        now() + interval '60 days',
        timestamptz '2026-01-01 00:00:00+00' + (g / ${tiesPer}) * interval '1 second' + interval '0.000001 second' * (g % 3)
      from generate_series(1, ${count}) g`.execute(app.database.kysely);
  }

  beforeAll(async () => {
    app = await buildPersonalApp(database);
    anna = await authHeaders(app, 'alpha', ANNA);
    ben = await authHeaders(app, 'alpha', BEN);
    const ids = await app.database.kysely
      .selectFrom('account')
      .select(['id', 'email'])
      .where('mandant_id', '=', 'alpha')
      .where('email', 'in', [ANNA.email, BEN.email])
      .execute();
    annaId = ids.find((row) => row.email === ANNA.email)?.id ?? '';
    benId = ids.find((row) => row.email === BEN.email)?.id ?? '';
    await seedRecommendations(annaId, ANNA.email, 'alpha', '70', MANY, 10);
    await seedRecommendations(benId, BEN.email, 'alpha', '71', 333, 4);
    // Anna's e-mail at beta: never on alpha's pages.
    await sql`
      insert into recommendation (mandant_id, empfehlungsnummer, link_hex, empfehler_email, produkt_id, link_expires_at, created_at)
      select 'beta', '72' || lpad(g::text, 6, '0'), md5('72' || g::text), ${ANNA.email}, '601', now(), now() + g * interval '1 second'
      from generate_series(1, 50) g`.execute(app.database.kysely);
    await sql`
      insert into praemierung (mandant_id, recommendation_id, account_id, wert_cent, created_at)
      select 'alpha', r.id, case when r.account_id is null then null else ${annaId}::uuid end, 5000, r.created_at
      from recommendation r
      where r.mandant_id = 'alpha' and r.empfehlungsnummer like '70%' and r.empfehlungsnummer <= ${`70${String(REWARDS).padStart(6, '0')}`}`.execute(
      app.database.kysely,
    );
    // As after any bulk load (the benches do the same): the planner needs the new rows' statistics.
    await sql`analyze recommendation`.execute(app.database.kysely);
    await sql`analyze praemierung`.execute(app.database.kysely);
  }, 180_000);
  afterAll(async () => {
    await app?.close();
  });

  /** Anna's recommendations at alpha as the list orders them, straight from the table. */
  async function annasOrder(): Promise<{ empfehlungsnummer: string; id: string; micros: string }[]> {
    return app.database.kysely
      .selectFrom('recommendation')
      .select([
        'id',
        'empfehlungsnummer',
        sql<string>`cast((extract(epoch from created_at) * 1000000)::numeric(20,0) as text)`.as('micros'),
      ])
      .where('mandant_id', '=', 'alpha')
      .where('erased_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb('account_id', '=', annaId),
          eb.and([eb('account_id', 'is', null), eb('empfehler_email', '=', ANNA.email)]),
        ]),
      )
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  it('answers the first page of 70,000 recommendations newest first, with a cursor for the next', async () => {
    const response = await recommendations(anna);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<EmpfehlungEintrag[]>();
    // No Pagesize: the maximum, 100.
    expect(page).toHaveLength(100);
    const expected = (await annasOrder()).slice(0, 100).map((row) => row.empfehlungsnummer);
    expect(page.map((entry) => entry.Empfehlungsnummer)).toEqual(expected);
    expect(response.headers['x-next-cursor']).toEqual(expect.any(String));
    expect(response.headers.link).toMatch(
      /^<\/api\/v1\/alpha\/empfehler\/empfehlungen\/\?Cursor=[\w-]+>; rel="next"$/,
    );
  });

  it('answers the last page of 70,000 from a cursor near the end, and no cursor after it', async () => {
    const order = await annasOrder();
    expect(order.length).toBeGreaterThan(MANY);
    // The cursor paging would hand out after the row 50 from the end.
    const at = order[order.length - 50] as (typeof order)[number];
    const cursor = encodeCursor(listTag('empfehlungen', 'alpha', annaId), { micros: at.micros, id: at.id });
    const response = await recommendations(anna, `?Pagesize=100&Cursor=${cursor}`);
    expect(response.statusCode, response.body).toBe(200);
    const numbers = response.json<EmpfehlungEintrag[]>().map((entry) => entry.Empfehlungsnummer);
    expect(numbers).toEqual(order.slice(-49).map((row) => row.empfehlungsnummer));
    expect(response.headers['x-next-cursor']).toBeUndefined();
    expect(response.headers.link).toBeUndefined();
  });

  it('walks every page once: no row twice, none missed, ties at one moment included', async () => {
    const all = await walk<EmpfehlungEintrag>(ben, '/api/v1/alpha/empfehler/empfehlungen/', 7);
    const numbers = all.map((entry) => entry.Empfehlungsnummer).filter((number) => number.startsWith('71'));
    expect(numbers).toHaveLength(333);
    expect(new Set(numbers).size).toBe(333);
  });

  it('stays stable while new recommendations arrive between pages', async () => {
    const seen = await walk<EmpfehlungEintrag>(
      ben,
      '/api/v1/alpha/empfehler/empfehlungen/',
      25,
      async (page) => {
        if (page > 3) return;
        // Newer than every row so far, and one at the very moment of an existing row.
        await sql`
        insert into recommendation (mandant_id, empfehlungsnummer, link_hex, account_id, empfehler_email, produkt_id, link_expires_at, created_at)
        values ('alpha', ${`7300000${page}`}, md5(${`73-${page}`}), ${benId}::uuid, ${BEN.email}, '601', now(), now()),
               ('alpha', ${`7400000${page}`}, md5(${`74-${page}`}), ${benId}::uuid, ${BEN.email}, '601', now(),
                timestamptz '2026-01-01 00:00:00+00')`.execute(app.database.kysely);
      },
    );
    const numbers = seen.map((entry) => entry.Empfehlungsnummer);
    expect(new Set(numbers).size).toBe(numbers.length);
    const before = numbers.filter((number) => number.startsWith('71'));
    expect(before).toHaveLength(333);
    // Rows added at the start of the list after page 1 are for the next visit, never a repeat.
    expect(numbers.filter((number) => number.startsWith('73'))).toEqual([]);
  });

  it('refuses a malformed cursor (PSOF0920), another list’s (PSOF0921) and a page size out of range (PSOF0922)', async () => {
    for (const cursor of [
      'x',
      'not base64!',
      Buffer.from('{"v":1}').toString('base64url'),
      'a'.repeat(500),
    ]) {
      const response = await recommendations(anna, `?Cursor=${encodeURIComponent(cursor)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'PSOF0920' });
    }
    const annas = (await recommendations(anna, '?Pagesize=5')).headers['x-next-cursor'] as string;
    // Ben with Anna's cursor, Anna's cursor on the rewards list, and at the other mandant.
    expect((await recommendations(ben, `?Cursor=${annas}`)).json()).toMatchObject({ code: 'PSOF0921' });
    expect((await get(anna, `/api/v1/alpha/praemierung/?Cursor=${annas}`)).json()).toMatchObject({
      code: 'PSOF0921',
    });
    const betaAnna = await authHeaders(app, 'beta', BETA_ANNA);
    const beta = await recommendations(betaAnna, `?Cursor=${annas}`, 'beta');
    expect(beta.statusCode).toBe(400);
    expect(beta.json()).toMatchObject({ code: 'PSOF0921' });
    for (const size of ['0', '101', 'x', '2.5', '-1']) {
      const response = await recommendations(anna, `?Pagesize=${size}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'PSOF0922' });
    }
  });

  it('never shows another mandant’s rows, on any page', async () => {
    const betaAnna = await authHeaders(app, 'beta', BETA_ANNA);
    const beta = await walk<EmpfehlungEintrag>(betaAnna, '/api/v1/beta/empfehler/empfehlungen/', 20);
    expect(beta.some((entry) => entry.Empfehlungsnummer.startsWith('72'))).toBe(true);
    expect(beta.some((entry) => entry.Empfehlungsnummer.startsWith('70'))).toBe(false);
    const first = (await recommendations(anna)).json<EmpfehlungEintrag[]>();
    expect(first.some((entry) => entry.Empfehlungsnummer.startsWith('72'))).toBe(false);
  });

  it('pages the rewards alike: every reward once, newest first, only the owner’s', async () => {
    const rewards = await walk<Praemierung>(anna, '/api/v1/alpha/praemierung/?details', 100);
    const numbers = rewards.map((reward) => reward.Empfehlungsnummer ?? '').filter((n) => n.startsWith('70'));
    expect(numbers).toHaveLength(REWARDS);
    expect(new Set(numbers).size).toBe(REWARDS);
    expect(numbers[0]).toBe(`70${String(REWARDS).padStart(6, '0')}`);
    const wanted = rewards[1234] as Praemierung;
    const one = await get(anna, `/api/v1/alpha/praemierung/?Id=${wanted.Id}`);
    expect(one.json<Praemierung[]>().map((reward) => reward.Id)).toEqual([wanted.Id]);
    // Anna's reward is not Ben's, and a malformed id is nobody's.
    expect((await get(ben, `/api/v1/alpha/praemierung/?Id=${wanted.Id}`)).json()).toEqual([]);
    expect((await get(anna, '/api/v1/alpha/praemierung/?Id=nope')).json()).toEqual([]);
  });

  it('lets a recommender with 70,000 recommendations erase the account (no id list past 65,535 parameters)', async () => {
    const response = await app.inject({
      method: 'DELETE',
      url: '/api/v1/alpha/empfehler/delete',
      headers: anna,
    });
    expect(response.statusCode, response.body).toBe(204);
    const left = await app.database.kysely
      .selectFrom('recommendation')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('mandant_id', '=', 'alpha')
      .where('empfehlungsnummer', 'like', '70%')
      .where('erased_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(left.count)).toBe(0);
  });
});
