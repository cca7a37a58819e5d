import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from './helpers.ts';
import { ANNA, authHeaders, buildPersonalApp } from './personalAreaHelpers.ts';

/**
 * Issue 17: no list of a recommender's whole history goes to the database as bind parameters. The data
 * export (GDPR Art. 15/20) named every recommendation's id to read their recipients: with 70,000 that passed
 * PostgreSQL's 65,535 bind parameters and the export answered 500.
 */
const MANY = 70_000;

describe.each(databases)('data export of a recommender with 70,000 recommendations on $name', (database) => {
  let app: FastifyInstance;
  let anna: { authorization: string };

  beforeAll(async () => {
    app = await buildPersonalApp(database);
    anna = await authHeaders(app, 'alpha', ANNA);
    const account = await app.database.kysely
      .selectFrom('account')
      .select('id')
      .where('mandant_id', '=', 'alpha')
      .where('email', '=', ANNA.email)
      .executeTakeFirstOrThrow();
    await sql`
      insert into recommendation
        (mandant_id, empfehlungsnummer, link_hex, account_id, empfehler_email, produkt_id, status, link_expires_at, created_at)
      select 'alpha', '73' || lpad(g::text, 6, '0'), md5('73' || g::text), ${account.id}::uuid, ${ANNA.email},
        '601', 'Offen', now() + interval '60 days', timestamptz '2026-01-01 00:00:00+00' + g * interval '1 second'
      from generate_series(1, ${MANY}) g`.execute(app.database.kysely);
  }, 180_000);
  afterAll(async () => {
    await app?.close();
  });

  it('answers every recommendation', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/alpha/empfehler/export',
      headers: anna,
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const body = response.json<{ Empfehlungen: unknown[] }>();
    expect(body.Empfehlungen.length).toBeGreaterThanOrEqual(MANY);
  }, 120_000);
});
