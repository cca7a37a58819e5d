import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KennzahlenAntwort } from '../../schemas/backofficeFigures.ts';
import { refreshFigures } from '../../server/backoffice/figures/figuresRollup.ts';
import { backofficeToken } from './backofficeHelpers.ts';
import { bearer, buildTestApp, databases } from './helpers.ts';

/**
 * The programme figures (server/backoffice/figures, docs/adr/0021): seeded rows of two mandants, the
 * expected counts computed here in JavaScript from the seed (Berlin days by Intl), compared with the route's
 * answer before a refresh (dirty days read raw), after it (rollup), per day, week and month, with filters.
 */

const berlinDay = (moment: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(moment);

interface SeedRecommendation {
  nr: string;
  channel: string | null;
  produkt: string;
  campaign: string;
  created: Date;
}
interface SeedClick {
  rec: number;
  channel: string | null;
  at: Date;
}
interface SeedRecipient {
  rec: number;
  channel: string | null;
  confirmed: Date | null;
}
interface SeedOrder {
  rec: number;
  recipient: number | null;
  date: string;
  cancelled: boolean;
}
interface SeedReward {
  order: number;
  cent: number;
  released: Date;
  paid: Date | null;
}
interface Seed {
  recommendations: SeedRecommendation[];
  clicks: SeedClick[];
  recipients: SeedRecipient[];
  orders: SeedOrder[];
  rewards: SeedReward[];
}

/** A small deterministic generator, so that each run seeds the same rows. */
function generator(seed: number) {
  // mulberry32
  let state = seed >>> 0;
  return (n: number) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) % 1_000_003) % n;
  };
}

const START = Date.parse('2025-10-20T00:00:00Z');
const HOUR = 3_600_000;

function makeSeed(random: (n: number) => number, prefix: string, count: number): Seed {
  const channels = ['email', 'whatsapp', null, '=HYPERLINK("x")'];
  const recommendations: SeedRecommendation[] = Array.from({ length: count }, (_, i) => ({
    nr: `${prefix}${String(i).padStart(6, '0')}`,
    channel: channels[random(3)] ?? null,
    produkt: ['601', '602'][random(2)] ?? '601',
    campaign: random(3) === 0 ? 'fruehjahr-gewinnspiel' : '',
    // Spread over about 100 days, at any hour (some late evenings are the next Berlin day in UTC terms).
    created: new Date(START + random(100 * 24) * HOUR + random(60) * 60_000),
  }));
  if (prefix === '7')
    recommendations[0] = { ...(recommendations[0] as SeedRecommendation), channel: channels[3] ?? null };
  const clicks: SeedClick[] = [];
  const recipients: SeedRecipient[] = [];
  const orders: SeedOrder[] = [];
  const rewards: SeedReward[] = [];
  recommendations.forEach((rec, index) => {
    for (let k = random(5); k > 0; k--) {
      clicks.push({
        rec: index,
        channel: channels[random(3)] ?? null,
        at: new Date(rec.created.getTime() + random(20 * 24) * HOUR),
      });
    }
    // A click at 23:30 UTC in winter: 00:30 the next day in Berlin.
    clicks.push({
      rec: index,
      channel: 'email',
      at: new Date(Date.parse('2025-12-31T23:30:00Z') + index * 60_000),
    });
    if (random(2) === 0) {
      const confirmed = random(4) === 0 ? null : new Date(rec.created.getTime() + random(72) * HOUR);
      recipients.push({ rec: index, channel: random(2) === 0 ? 'whatsapp' : null, confirmed });
      if (confirmed && random(2) === 0) {
        const orderDate = berlinDay(new Date(confirmed.getTime() + random(10) * 24 * HOUR));
        orders.push({
          rec: index,
          recipient: recipients.length - 1,
          date: orderDate,
          cancelled: random(5) === 0,
        });
        const order = orders.at(-1) as SeedOrder;
        if (!order.cancelled && random(2) === 0) {
          const released = new Date(Date.parse(`${orderDate}T10:00:00Z`) + random(20) * 24 * HOUR);
          rewards.push({
            order: orders.length - 1,
            cent: 1000 + random(5) * 500,
            released,
            paid: random(2) === 0 ? new Date(released.getTime() + random(10) * 24 * HOUR) : null,
          });
        }
      }
    }
  });
  return { recommendations, clicks, recipients, orders, rewards };
}

async function insertSeed(app: FastifyInstance, mandantId: string, seed: Seed): Promise<void> {
  const db = app.database.kysely;
  // Every table gets rows (an empty insert is no statement), so that each fact is counted.
  for (const [name, rows] of Object.entries(seed)) {
    if ((rows as unknown[]).length === 0) throw new Error(`the seed of ${mandantId} has no ${name}`);
  }
  const recs = await db
    .insertInto('recommendation')
    .values(
      seed.recommendations.map((rec) => ({
        mandant_id: mandantId,
        empfehlungsnummer: rec.nr,
        link_hex: `${rec.nr}abcdef0123456789`.slice(0, 16).replace(/[^0-9a-f]/g, 'a'),
        produkt_id: rec.produkt,
        channel: rec.channel,
        aktionen: JSON.stringify(
          rec.campaign
            ? [{ AktionsId: rec.campaign, Zustimmung: true }]
            : [{ AktionsId: 'x', Zustimmung: false }],
        ),
        created_at: rec.created,
        link_expires_at: new Date(rec.created.getTime() + 60 * 24 * HOUR),
      })),
    )
    .returning('id')
    .execute();
  const recId = (index: number) => recs[index]?.id ?? '';
  await db
    .insertInto('click')
    .values(
      seed.clicks.map((click) => ({
        mandant_id: mandantId,
        recommendation_id: recId(click.rec),
        channel: click.channel,
        clicked_at: click.at,
      })),
    )
    .execute();
  const recipients = await db
    .insertInto('recipient')
    .values(
      seed.recipients.map((recipient, index) => ({
        mandant_id: mandantId,
        recommendation_id: recId(recipient.rec),
        empfaengernummer: String(500_000 + index),
        channel: recipient.channel,
        confirmed_at: recipient.confirmed,
        delete_after: new Date(Date.now() + 90 * 24 * HOUR),
      })),
    )
    .returning('id')
    .execute();
  const orders = await db
    .insertInto('customer_order')
    .values(
      seed.orders.map((order, index) => ({
        mandant_id: mandantId,
        recommendation_id: recId(order.rec),
        recipient_id: order.recipient === null ? null : (recipients[order.recipient]?.id ?? null),
        external_order_id: `${mandantId}-${index}`,
        produkt_id: '999',
        order_date: order.date,
        channel: 'link' as const,
        attributed: true,
        source: 'api' as const,
        cancelled_at: order.cancelled ? new Date() : null,
      })),
    )
    .returning('id')
    .execute();
  for (const reward of seed.rewards) {
    const order = seed.orders[reward.order] as SeedOrder;
    const row = await db
      .insertInto('praemierung')
      .values({
        mandant_id: mandantId,
        recommendation_id: recId(order.rec),
        wert_cent: reward.cent,
        status: reward.paid ? 'Ausgezahlt' : 'Bereitgestellt',
        order_id: orders[reward.order]?.id ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const event = (to: string, at: Date, from: string) => ({
      mandant_id: mandantId,
      recommendation_id: recId(order.rec),
      praemierung_id: row.id,
      from_status: from,
      to_status: to,
      reason: 'test',
      actor: 'system' as const,
      occurred_at: at,
    });
    await db
      .insertInto('lifecycle_event')
      .values([
        event('Bereitgestellt', reward.released, 'Offen'),
        ...(reward.paid ? [event('Ausgezahlt', reward.paid, 'Bereitgestellt')] : []),
      ])
      .execute();
  }
  await db
    .insertInto('payout_run')
    .values([
      {
        mandant_id: mandantId,
        status: 'executed',
        execution_date: '2025-12-01',
        total_cent: 4500,
        transfer_count: 3,
        created_by: 't',
        executed_at: new Date('2025-12-01T09:00:00Z'),
      },
      {
        mandant_id: mandantId,
        status: 'executed',
        execution_date: '2026-01-05',
        total_cent: 1000,
        transfer_count: 1,
        created_by: 't',
        executed_at: new Date('2026-01-04T23:30:00Z'),
      },
      {
        mandant_id: mandantId,
        status: 'created',
        execution_date: '2026-01-20',
        total_cent: 99_900,
        transfer_count: 9,
        created_by: 't',
      },
    ])
    .execute();
}

interface Filter {
  kanal?: string;
  produkt?: string;
  aktion?: string;
}

interface Expected {
  Klicks: number;
  Empfehlungen: number;
  EmpfaengerBestaetigt: number;
  Auftraege: number;
  PraemienFreigegeben: number;
  PraemienFreigegebenCent: number;
  PraemienGezahlt: number;
  PraemienGezahltCent: number;
}

/** What the figures must say for [von, bis] grouped by `bucket`, computed from the seed. */
function expected(seed: Seed, von: string, bis: string, bucket: (day: string) => string, filter: Filter) {
  const result = new Map<string, Expected>();
  const cell = (day: string) => {
    const key = bucket(day);
    const existing = result.get(key);
    if (existing) return existing;
    const fresh: Expected = {
      Klicks: 0,
      Empfehlungen: 0,
      EmpfaengerBestaetigt: 0,
      Auftraege: 0,
      PraemienFreigegeben: 0,
      PraemienFreigegebenCent: 0,
      PraemienGezahlt: 0,
      PraemienGezahltCent: 0,
    };
    result.set(key, fresh);
    return fresh;
  };
  const matches = (rec: number, channel: string | null) => {
    const r = seed.recommendations[rec] as SeedRecommendation;
    const none = (value: string | undefined) => (value === 'ohne' ? '' : value);
    return (
      (filter.kanal === undefined || (channel ?? '') === none(filter.kanal)) &&
      (filter.produkt === undefined || r.produkt === filter.produkt) &&
      (filter.aktion === undefined || r.campaign === none(filter.aktion))
    );
  };
  const inside = (day: string) => day >= von && day <= bis;
  seed.recommendations.forEach((rec, index) => {
    const day = berlinDay(rec.created);
    if (inside(day) && matches(index, rec.channel)) cell(day).Empfehlungen += 1;
  });
  for (const click of seed.clicks) {
    const day = berlinDay(click.at);
    if (inside(day) && matches(click.rec, click.channel)) cell(day).Klicks += 1;
  }
  const recipientChannel = (recipient: SeedRecipient) =>
    recipient.channel ?? (seed.recommendations[recipient.rec] as SeedRecommendation).channel;
  for (const recipient of seed.recipients) {
    if (!recipient.confirmed) continue;
    const day = berlinDay(recipient.confirmed);
    if (inside(day) && matches(recipient.rec, recipientChannel(recipient)))
      cell(day).EmpfaengerBestaetigt += 1;
  }
  const orderChannel = (order: SeedOrder) =>
    order.recipient === null
      ? (seed.recommendations[order.rec] as SeedRecommendation).channel
      : recipientChannel(seed.recipients[order.recipient] as SeedRecipient);
  for (const order of seed.orders) {
    if (!order.cancelled && inside(order.date) && matches(order.rec, orderChannel(order)))
      cell(order.date).Auftraege += 1;
  }
  for (const reward of seed.rewards) {
    const order = seed.orders[reward.order] as SeedOrder;
    if (!matches(order.rec, orderChannel(order))) continue;
    const released = berlinDay(reward.released);
    if (inside(released)) {
      cell(released).PraemienFreigegeben += 1;
      cell(released).PraemienFreigegebenCent += reward.cent;
    }
    if (reward.paid && inside(berlinDay(reward.paid))) {
      cell(berlinDay(reward.paid)).PraemienGezahlt += 1;
      cell(berlinDay(reward.paid)).PraemienGezahltCent += reward.cent;
    }
  }
  return result;
}

const FIELDS = [
  'Klicks',
  'Empfehlungen',
  'EmpfaengerBestaetigt',
  'Auftraege',
  'PraemienFreigegeben',
  'PraemienFreigegebenCent',
  'PraemienGezahlt',
  'PraemienGezahltCent',
] as const;

const mondayOf = (day: string) => {
  const ms = Date.parse(`${day}T00:00:00Z`);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7;
  return new Date(ms - weekday * 86_400_000).toISOString().slice(0, 10);
};
const BUCKETS = {
  Tag: (day: string) => day,
  Woche: mondayOf,
  Monat: (day: string) => day.slice(0, 7),
} as const;

function pick(point: object): Expected {
  return Object.fromEntries(
    FIELDS.map((field) => [field, (point as Record<string, number>)[field]]),
  ) as unknown as Expected;
}

describe.each(databases)('programme figures on $name', (database) => {
  let app: FastifyInstance;
  let alphaToken: string;
  let betaToken: string;
  const random = generator(42);
  const alpha = makeSeed(random, '7', 120);
  const beta = makeSeed(random, '8', 60);

  beforeAll(async () => {
    app = await buildTestApp(database);
    alphaToken = await backofficeToken(app, 'alpha', ['viewer']);
    betaToken = await backofficeToken(app, 'beta', ['viewer']);
    await insertSeed(app, 'alpha', alpha);
    await insertSeed(app, 'beta', beta);
  }, 180_000);
  afterAll(() => app?.close());

  const figures = async (query: string, token = alphaToken) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/${token === betaToken ? 'beta' : 'alpha'}/backoffice/kennzahlen?${query}`,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<KennzahlenAntwort>();
  };

  async function expectMatches(seed: Seed, token: string, filter: Filter = {}) {
    const filterQuery = Object.entries(filter)
      .map(([key, value]) => `&${key}=${encodeURIComponent(value)}`)
      .join('');
    for (const [intervall, von, bis] of [
      ['Tag', '2025-12-20', '2026-01-10'],
      ['Woche', '2025-10-01', '2026-02-28'],
      ['Monat', '2025-09-01', '2026-03-31'],
    ] as const) {
      const answer = await figures(`von=${von}&bis=${bis}&intervall=${intervall}${filterQuery}`, token);
      const want = expected(seed, von, bis, BUCKETS[intervall], filter);
      for (const point of answer.Punkte) {
        const wanted = want.get(point.Datum);
        expect(pick(point), `${intervall} ${point.Datum}`).toEqual(
          wanted ?? pick({ ...Object.fromEntries(FIELDS.map((f) => [f, 0])) }),
        );
      }
      // Every bucket present once and in order; nothing expected outside them.
      const dates = answer.Punkte.map((point) => point.Datum);
      expect(dates).toEqual([...dates].sort());
      expect(new Set(dates).size).toBe(dates.length);
      for (const key of want.keys()) expect(dates).toContain(key);
      // The channel and product tables add up to the sum.
      for (const field of FIELDS) {
        const sum = answer.Punkte.reduce((total, point) => total + point[field], 0);
        expect(answer.Summe[field]).toBe(sum);
        expect(answer.Kanaele.reduce((total, row) => total + row[field], 0)).toBe(sum);
        expect(answer.Produkte.reduce((total, row) => total + row[field], 0)).toBe(sum);
      }
    }
  }

  it('counts what the raw rows hold, per Berlin day, ISO week and month, before and after the rollup', async () => {
    // The job ran at start; the seed came after, into days before its watermark: read raw as dirty days.
    const dirty = await app.database.kysely
      .selectFrom('figures_dirty_day')
      .select('day')
      .where('mandant_id', '=', 'alpha')
      .execute();
    expect(dirty.length).toBeGreaterThan(10);
    await expectMatches(alpha, alphaToken);
    await refreshFigures(app.database.kysely, 'alpha');
    const left = await app.database.kysely
      .selectFrom('figures_dirty_day')
      .select('day')
      .where('mandant_id', '=', 'alpha')
      .where('day', '<', new Date().toISOString().slice(0, 10))
      .execute();
    expect(left).toEqual([]);
    const rolled = await app.database.kysely
      .selectFrom('figures_daily')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('mandant_id', '=', 'alpha')
      .executeTakeFirstOrThrow();
    expect(Number(rolled.n)).toBeGreaterThan(0);
    await expectMatches(alpha, alphaToken);
  });

  it('applies the channel, product and campaign filters, with ohne for none', async () => {
    await refreshFigures(app.database.kysely, 'alpha');
    for (const filter of [
      { kanal: 'email' },
      { kanal: 'ohne' },
      { produkt: '602' },
      { aktion: 'fruehjahr-gewinnspiel' },
      { aktion: 'ohne', kanal: 'whatsapp', produkt: '601' },
    ]) {
      await expectMatches(alpha, alphaToken, filter);
    }
  });

  it('never counts another mandant’s rows', async () => {
    await refreshFigures(app.database.kysely, 'beta');
    await expectMatches(beta, betaToken);
    await expectMatches(alpha, alphaToken);
    // A beta token on alpha's path is refused, never answered with beta's (or alpha's) figures.
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/alpha/backoffice/kennzahlen?von=2025-12-01&bis=2025-12-31&intervall=Tag',
      headers: bearer(betaToken),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });

  it('counts payout runs executed in the period by Berlin day, whatever the filters', async () => {
    const answer = await figures('von=2025-12-01&bis=2026-01-31&intervall=Monat&kanal=email');
    expect(
      answer.Punkte.map((point) => [point.Datum, point.Auszahlungslaeufe, point.AuszahlungenCent]),
    ).toEqual([
      ['2025-12', 1, 4500],
      ['2026-01', 1, 1000],
    ]);
    const day = await figures('von=2026-01-05&bis=2026-01-05&intervall=Tag');
    // Executed 2026-01-04 23:30 UTC: the 5th in Berlin.
    expect(day.Summe.Auszahlungslaeufe).toBe(1);
    expect(day.Summe.Ueberweisungen).toBe(1);
  });

  it('refreshes idempotently, also twice at once, and keeps the partial day right', async () => {
    const db = app.database.kysely;
    const snapshot = () =>
      db
        .selectFrom('figures_daily')
        .selectAll()
        .where('mandant_id', '=', 'alpha')
        .orderBy(['day', 'channel', 'produkt_id', 'campaign'])
        .execute();
    await refreshFigures(db, 'alpha');
    const before = await snapshot();
    await refreshFigures(db, 'alpha');
    await Promise.all([refreshFigures(db, 'alpha'), refreshFigures(db, 'alpha')]);
    expect(await snapshot()).toEqual(before);

    // Today's clicks land after the watermark: read raw, counted at once.
    const today = berlinDay(new Date());
    const rec = await db
      .selectFrom('recommendation')
      .select('id')
      .where('mandant_id', '=', 'alpha')
      .limit(1)
      .executeTakeFirstOrThrow();
    const period = `von=${today}&bis=${today}&intervall=Tag`;
    const start = (await figures(period)).Summe.Klicks;
    await db
      .insertInto('click')
      .values(
        [1, 2, 3].map(() => ({
          mandant_id: 'alpha',
          recommendation_id: rec.id,
          channel: 'qr',
          clicked_at: new Date(),
        })),
      )
      .execute();
    expect((await figures(period)).Summe.Klicks).toBe(start + 3);
    await refreshFigures(db, 'alpha');
    expect((await figures(period)).Summe.Klicks).toBe(start + 3);
    // Today is never rolled up while it lasts.
    const todays = await db
      .selectFrom('figures_daily')
      .select('day')
      .where('mandant_id', '=', 'alpha')
      .where('day', '>=', today)
      .execute();
    expect(todays).toEqual([]);

    // A backdated order into a rolled-up day: counted at once (dirty day read raw), and after the refresh.
    const december = 'von=2025-12-01&bis=2025-12-31&intervall=Monat';
    const orders = (await figures(december)).Summe.Auftraege;
    await db
      .insertInto('customer_order')
      .values({
        mandant_id: 'alpha',
        recommendation_id: rec.id,
        external_order_id: 'backdated-1',
        produkt_id: '601',
        order_date: '2025-12-24',
        channel: 'link',
        attributed: true,
        source: 'csv',
      })
      .execute();
    expect((await figures(december)).Summe.Auftraege).toBe(orders + 1);
    await refreshFigures(db, 'alpha');
    expect((await figures(december)).Summe.Auftraege).toBe(orders + 1);
    // Cancelled later: gone again, before and after the refresh.
    await db
      .updateTable('customer_order')
      .set({ cancelled_at: new Date() })
      .where('external_order_id', '=', 'backdated-1')
      .execute();
    expect((await figures(december)).Summe.Auftraege).toBe(orders);
    await refreshFigures(db, 'alpha');
    expect((await figures(december)).Summe.Auftraege).toBe(orders);
  });

  it('rolls up a day only once it has been over for the grace time (Berlin midnight)', async () => {
    const db = app.database.kysely;
    await db.deleteFrom('figures_rollup_state').where('mandant_id', '=', 'beta').execute();
    await db.deleteFrom('figures_daily').where('mandant_id', '=', 'beta').execute();
    // 23:05 UTC on 11 January is 00:05 on the 12th in Berlin: the 11th is not yet over for 15 minutes.
    const early = await refreshFigures(db, 'beta', new Date('2026-01-11T23:05:00Z'));
    expect(early.rolledUntil).toBe('2026-01-11');
    expect(early.ranges).toEqual([{ from: null, until: '2026-01-11' }]);
    const later = await refreshFigures(db, 'beta', new Date('2026-01-11T23:20:00Z'));
    expect(later.rolledUntil).toBe('2026-01-12');
    expect(later.ranges).toEqual([{ from: '2026-01-11', until: '2026-01-12' }]);
    await expectMatches(beta, betaToken);
    // Back to today, so that the other tests see the usual state.
    await refreshFigures(db, 'beta');
    await expectMatches(beta, betaToken);
  });

  it('answers bad filters with 400 and a code', async () => {
    const cases: [string, string][] = [
      ['von=2026-1-1&bis=2026-01-31&intervall=Tag', 'PSOF0013'],
      ['bis=2026-01-31&intervall=Tag', 'PSOF0013'],
      ['von=2026-01-01&bis=2026-01-31&intervall=Jahr', 'PSOF0013'],
      ['von=2026-01-01&bis=2026-01-31&intervall=Tag&kanal=%3Cscript%3E', 'PSOF0013'],
      ['von=2026-02-30&bis=2026-03-31&intervall=Tag', 'PSOF0780'],
      ['von=2026-02-01&bis=2026-01-31&intervall=Tag', 'PSOF0780'],
      ['von=2020-01-01&bis=2023-01-01&intervall=Monat', 'PSOF0780'],
      ['von=2025-01-01&bis=2026-01-31&intervall=Tag', 'PSOF0781'],
      ['von=2026-01-01&bis=2026-01-31&intervall=Tag&aktion=unbekannt', 'PSOF0782'],
    ];
    for (const [query, code] of cases) {
      for (const path of ['kennzahlen', 'kennzahlen/export.csv']) {
        const response = await app.inject({
          method: 'GET',
          url: `/api/v1/alpha/backoffice/${path}?${query}`,
          headers: bearer(alphaToken),
        });
        expect(response.statusCode, `${path}?${query}`).toBe(400);
        expect(response.json<{ code: string }>().code, query).toBe(code);
      }
    }
  });

  it('exports CSV and XLSX with the same figures, formulas neutralised', async () => {
    const query = 'von=2025-10-01&bis=2026-02-28&intervall=Monat';
    const answer = await figures(query);
    const csv = await app.inject({
      method: 'GET',
      url: `/api/v1/alpha/backoffice/kennzahlen/export.csv?${query}`,
      headers: bearer(alphaToken),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('attachment');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]?.split(';').slice(0, 3)).toEqual(['Zeitraum', 'Klicks', 'Empfehlungen']);
    expect(lines).toHaveLength(answer.Punkte.length + 1);
    const first = answer.Punkte[0];
    expect(lines[1]?.split(';').slice(0, 3)).toEqual([
      first?.Datum,
      String(first?.Klicks),
      String(first?.Empfehlungen),
    ]);

    const channels = await app.inject({
      method: 'GET',
      url: `/api/v1/alpha/backoffice/kennzahlen/export.csv?${query}&tabelle=Kanal`,
      headers: bearer(alphaToken),
    });
    expect(channels.statusCode).toBe(200);
    // The stored channel =HYPERLINK("x") is a text for the spreadsheet, never a formula.
    expect(channels.body).toContain(`"'=HYPERLINK(""x"")"`);
    expect(channels.body).not.toMatch(/(^|;|\n)=HYPERLINK/);

    const xlsx = await app.inject({
      method: 'GET',
      url: `/api/v1/alpha/backoffice/kennzahlen/export.xlsx?${query}&tabelle=Produkt`,
      headers: bearer(alphaToken),
    });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = sheet?.getRow(1).values as unknown[];
    expect(header.slice(1, 4)).toEqual(['ProduktId', 'Produkt', 'Klicks']);
    const rows = answer.Produkte.map((row) => [row.ProduktId, row.Klicks]);
    const sheetRows = [];
    for (let index = 2; index <= (sheet?.rowCount ?? 0); index++) {
      const values = sheet?.getRow(index).values as unknown[];
      sheetRows.push([values[1], values[3]]);
    }
    expect(sheetRows).toEqual(rows);
  });

  it('offers the channels, products and campaigns to filter by', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/alpha/backoffice/kennzahlen/auswahl',
      headers: bearer(alphaToken),
    });
    expect(response.statusCode).toBe(200);
    const choices = response.json<{
      Kanaele: string[];
      Produkte: { Id: string }[];
      Aktionen: { Id: string }[];
    }>();
    expect(choices.Kanaele).toEqual(expect.arrayContaining(['email', 'whatsapp', 'qr']));
    expect(choices.Produkte.map((product) => product.Id)).toEqual(['601', '602']);
    expect(choices.Aktionen.map((campaign) => campaign.Id)).toContain('fruehjahr-gewinnspiel');
  });
});
