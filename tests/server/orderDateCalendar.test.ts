import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCalendarDate } from '../../domain/invoice.ts';
import { databases } from './helpers.ts';
import { berlinDay, buildOrderTestApp, confirmedReferral, integration, TestClock } from './orderHelpers.ts';

/**
 * An order date that has the shape YYYY-MM-DD but is no calendar day (2026-09-31, 2027-02-30) and lies
 * between the recommendation and today passed the string comparison and reached the insert, where
 * PostgreSQL refused it: 500 (issue 17: no 5xx on client input). It is a 400 now, on the JSON and CSV routes.
 */
describe.each(databases)('order date that is no calendar day on $name', (database) => {
  let app: FastifyInstance;
  const clock = new TestClock();

  beforeAll(async () => {
    app = await buildOrderTestApp(database, clock);
  });
  afterAll(async () => {
    await app?.close();
  });

  /** The first `YYYY-MM-31` or `YYYY-02-30` after `from` and not after `to` that is no calendar day. */
  function impossibleDay(from: string, to: string): string {
    for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year += 1) {
      for (let month = 1; month <= 12; month += 1) {
        for (const day of ['30', '31']) {
          const candidate = `${year}-${String(month).padStart(2, '0')}-${day}`;
          if (candidate > from && candidate <= to && !isCalendarDate(candidate)) return candidate;
        }
      }
    }
    throw new Error(`no impossible day between ${from} and ${to}`);
  }

  it('answers 400 PSOF0013, not 500, and stores nothing', async () => {
    const referral = await confirmedReferral(app);
    const madeOn = berlinDay(clock.now());
    // 120 days always hold the 31st of a 30-day month or February's 30th.
    clock.advanceDays(120);
    const day = impossibleDay(madeOn, berlinDay(clock.now()));
    const order = {
      Typ: 'order.placed',
      Empfehlungsnummer: referral.nr,
      Auftragsnummer: 'CAL-1',
      ProduktId: '101',
      Auftragsdatum: day,
    };
    const json = await integration(app, 'events', order);
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ code: 'PSOF0013' });

    const csv = [
      'Typ;Empfehlungsnummer;Empfehlungscode;Auftragsnummer;ProduktId;Auftragsdatum;Kanal;Bestandskunde;Grund',
      `order.placed;${referral.nr};;CAL-2;101;${day};;;`,
    ].join('\n');
    const imported = await integration(app, 'events/import', csv, { contentType: 'text/csv' });
    expect(imported.statusCode).toBe(422);
    expect(imported.json()).toMatchObject({ code: 'PSOF0511', details: [{ pointer: '/line/2' }] });

    const orders = await app.database.kysely
      .selectFrom('customer_order')
      .select('id')
      .where('external_order_id', 'in', ['CAL-1', 'CAL-2'])
      .execute();
    expect(orders).toEqual([]);
  });
});
