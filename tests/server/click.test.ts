import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countClicks, seedRecommendation } from '../support/seedRecommendation.ts';
import { buildTestApp, databases, sharedStorage } from './helpers.ts';

/** The recipient page path of the fixtures (they set no route: the _base default applies). */
const recipientPath = (nr: string) => `/de/empfaenger/${nr}`;
const EXPIRED_PATH = '/de/empfehlung-abgelaufen';

function click(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers: { host: 'localhost', ...headers } });
}

describe.each(databases)('click redirect on $name', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('redirects /empfehlen/click/{nr} to the recipient page with channel and hex, and records the click', async () => {
    const seeded = await seedRecommendation(app, { mandant: 'alpha' });
    const response = await click(app, `/empfehlen/click/${seeded.empfehlungsnummer}?channel=whatsapp`);
    expect(response.statusCode).toBe(302);
    expect(response.headers['cache-control']).toBe('no-store');
    const location = new URL(String(response.headers.location), 'http://localhost');
    expect(location.pathname).toBe(recipientPath(seeded.empfehlungsnummer));
    expect(location.searchParams.get('channel')).toBe('whatsapp');
    expect(location.searchParams.get('hex')).toBe(seeded.linkHex);
    await app.clickBuffer.flush();
    const rows = await app.database.kysely
      .selectFrom('click')
      .selectAll()
      .where('recommendation_id', '=', seeded.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ mandant_id: 'alpha', channel: 'whatsapp', empfaengernummer: null });
    // The moment of the click, not of the flush or some zone-shifted time.
    expect(Math.abs(new Date(rows[0]?.clicked_at ?? 0).getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('answers the short URL /e/{nr} with channel kurzurl', async () => {
    const seeded = await seedRecommendation(app, { mandant: 'alpha' });
    const response = await click(app, `/e/${seeded.empfehlungsnummer}`);
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location), 'http://localhost');
    expect(location.pathname).toBe(recipientPath(seeded.empfehlungsnummer));
    expect(location.searchParams.get('channel')).toBe('kurzurl');
    await app.clickBuffer.flush();
    const [row] = await app.database.kysely
      .selectFrom('click')
      .select('channel')
      .where('recommendation_id', '=', seeded.id)
      .execute();
    expect(row?.channel).toBe('kurzurl');
  });

  it('keeps the widget parameter and records a known recipient number; unknown channels are not passed on', async () => {
    const seeded = await seedRecommendation(app, { mandant: 'alpha' });
    const response = await click(
      app,
      `/empfehlen/click/${seeded.empfehlungsnummer}?channel=carrier-pigeon&widget=1&empfaengernummer=1234567890`,
    );
    const location = new URL(String(response.headers.location), 'http://localhost');
    expect(location.searchParams.get('widget')).toBe('1');
    expect(location.searchParams.has('channel')).toBe(false);
    await app.clickBuffer.flush();
    const [row] = await app.database.kysely
      .selectFrom('click')
      .select(['channel', 'empfaengernummer'])
      .where('recommendation_id', '=', seeded.id)
      .execute();
    expect(row).toEqual({ channel: null, empfaengernummer: '1234567890' });
  });

  it('keeps the widget parameter on the expired page too', async () => {
    const response = await click(app, '/empfehlen/click/1111111111?widget=abc');
    expect(response.headers.location).toBe(`${EXPIRED_PATH}?widget=abc`);
  });

  it('sends an unknown or malformed number to the expired-recommendation page', async () => {
    for (const nr of ['1111111111', 'abc', '12']) {
      const response = await click(app, `/empfehlen/click/${nr}?channel=email`);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(EXPIRED_PATH);
    }
  });

  it('sends an expired (older than 60 days) or cancelled recommendation to the expired page, still counting the click', async () => {
    const old = await seedRecommendation(app, { mandant: 'alpha', ageDays: 61 });
    const cancelled = await seedRecommendation(app, { mandant: 'alpha', status: 'Storniert' });
    const closed = await seedRecommendation(app, { mandant: 'alpha', status: 'Abgelaufen' });
    const fresh = await seedRecommendation(app, { mandant: 'alpha', ageDays: 59 });
    for (const seeded of [old, cancelled, closed]) {
      const response = await click(app, `/empfehlen/click/${seeded.empfehlungsnummer}`);
      expect(response.headers.location).toBe(EXPIRED_PATH);
    }
    const response = await click(app, `/empfehlen/click/${fresh.empfehlungsnummer}`);
    expect(String(response.headers.location)).toContain(recipientPath(fresh.empfehlungsnummer));
    await app.clickBuffer.flush();
    expect(await countClicks(app, old.id)).toBe(1);
  });

  it('does not open the link while the recommender’s opt-in is pending, and opens it once confirmed', async () => {
    const pending = await seedRecommendation(app, { mandant: 'alpha' });
    const db = app.database.kysely;
    await db
      .updateTable('recommendation')
      .set({ optin_token_hash: 'a'.repeat(64) })
      .where('id', '=', pending.id)
      .execute();
    expect((await click(app, `/empfehlen/click/${pending.empfehlungsnummer}`)).headers.location).toBe(
      EXPIRED_PATH,
    );
    await db
      .updateTable('recommendation')
      .set({ optin_confirmed_at: new Date(), optin_token_hash: null })
      .where('id', '=', pending.id)
      .execute();
    // What the opt-in confirmation (POST /Empfehlen/optin) does after its update.
    app.clickLinks.forget('alpha', pending.empfehlungsnummer);
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/alpha/empfehlen/click/${pending.empfehlungsnummer}`,
    });
    expect(String(response.headers.location)).toContain(recipientPath(pending.empfehlungsnummer));
  });

  it('picks the mandant from the host and never follows another mandant’s number', async () => {
    const alphaOnly = await seedRecommendation(app, { mandant: 'alpha' });
    const onBeta = await click(app, `/empfehlen/click/${alphaOnly.empfehlungsnummer}`, {
      host: 'beta.localhost',
    });
    expect(onBeta.headers.location).toBe(EXPIRED_PATH);
    const betaSeeded = await seedRecommendation(app, { mandant: 'beta' });
    const ok = await click(app, `/empfehlen/click/${betaSeeded.empfehlungsnummer}`, {
      host: 'www.beta.example',
    });
    expect(String(ok.headers.location)).toContain(recipientPath(betaSeeded.empfehlungsnummer));
    await app.clickBuffer.flush();
    expect(await countClicks(app, alphaOnly.id)).toBe(0);
  });

  it('sends a friend who finished their part on to the product link; any other recipient number to the recipient page', async () => {
    const seeded = await seedRecommendation(app, { mandant: 'beta', produktId: '42' });
    const other = await seedRecommendation(app, { mandant: 'beta' });
    const recipient = (recommendationId: string, empfaengernummer: string, confirmed: boolean) => ({
      mandant_id: 'beta',
      recommendation_id: recommendationId,
      empfaengernummer,
      vorname: 'Felix',
      nachname: 'Freund',
      email: `felix.${empfaengernummer}@example.net`,
      confirmed_at: confirmed ? new Date() : null,
      delete_after: new Date(Date.now() + 86_400_000),
    });
    await app.database.kysely
      .insertInto('recipient')
      .values([
        recipient(seeded.id, '7000000001', true),
        recipient(seeded.id, '7000000002', false),
        recipient(other.id, '7000000003', true),
      ])
      .execute();
    const follow = (nr: string, empfaengernummer: string) =>
      click(app, `/empfehlen/click/${nr}?channel=email&empfaengernummer=${empfaengernummer}`, {
        host: 'beta.localhost',
      });

    const done = await follow(seeded.empfehlungsnummer, '7000000001');
    expect(done.statusCode).toBe(302);
    expect(done.headers['cache-control']).toBe('no-store');
    const target = new URL(String(done.headers.location));
    expect(`${target.origin}${target.pathname}`).toBe('https://www.beta-kunde.example/service/empfehlen');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      empfehlungsnummer: seeded.empfehlungsnummer,
      empfaengernummer: '7000000001',
      channel: 'email',
      produkt: '42',
    });
    // Not finished yet, unknown, or a recipient of another recommendation: the recipient page.
    for (const [nr, empfaengernummer] of [
      [seeded.empfehlungsnummer, '7000000002'],
      [seeded.empfehlungsnummer, '7000000009'],
      [seeded.empfehlungsnummer, '7000000003'],
    ] as const) {
      const answer = await follow(nr, empfaengernummer);
      expect(String(answer.headers.location)).toContain(recipientPath(nr));
    }
    await app.clickBuffer.flush();
    expect(await countClicks(app, seeded.id)).toBe(4);
  });

  it('answers an unknown host with 404 PSOF0010', async () => {
    const response = await click(app, '/empfehlen/click/1234567890', { host: 'unknown.example' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'PSOF0010' });
  });

  it('works under the API with the mandant in the path', async () => {
    const seeded = await seedRecommendation(app, { mandant: 'beta' });
    const response = await click(app, `/api/v1/beta/empfehlen/click/${seeded.empfehlungsnummer}?channel=qr`);
    expect(response.statusCode).toBe(302);
    expect(String(response.headers.location)).toBe(
      `${recipientPath(seeded.empfehlungsnummer)}?channel=qr&hex=${seeded.linkHex}`,
    );
    const unknownMandant = await click(app, '/api/v1/nobody/empfehlen/click/1234567890');
    expect(unknownMandant.statusCode).toBe(404);
  });

  it('redirects in the browser’s language when the mandant offers it', async () => {
    const seeded = await seedRecommendation(app, { mandant: 'alpha' });
    const english = await click(app, `/e/${seeded.empfehlungsnummer}`, {
      'accept-language': 'en-GB,en;q=0.9,de;q=0.5',
    });
    expect(String(english.headers.location)).toMatch(
      new RegExp(`^/en/empfaenger/${seeded.empfehlungsnummer}\\?`),
    );
    // beta only offers German.
    const betaSeeded = await seedRecommendation(app, { mandant: 'beta' });
    const german = await click(app, `/e/${betaSeeded.empfehlungsnummer}`, {
      host: 'beta.localhost',
      'accept-language': 'en',
    });
    expect(String(german.headers.location)).toMatch(/^\/de\//);
  });

  it('writes N clicks as N rows with the next flush', async () => {
    const seeded = await seedRecommendation(app, { mandant: 'alpha' });
    const clicks = 250;
    await Promise.all(
      Array.from({ length: clicks }, () =>
        click(app, `/empfehlen/click/${seeded.empfehlungsnummer}?channel=copy`),
      ),
    );
    // Nothing is written while the visitor waits: the rows arrive with the next flush.
    await app.clickBuffer.flush();
    expect(app.clickBuffer.pending).toBe(0);
    expect(await countClicks(app, seeded.id)).toBe(clicks);
  });

  it('flushes on its own within the flush interval (no explicit flush)', async () => {
    const seeded = await seedRecommendation(app, { mandant: 'alpha' });
    await click(app, `/empfehlen/click/${seeded.empfehlungsnummer}`);
    await expect.poll(() => countClicks(app, seeded.id), { timeout: 5_000, interval: 50 }).toBe(1);
  });
});

describe.each(databases)('click writes at shutdown on $name', (database) => {
  it('writes the buffered clicks when the app closes: every click is a row afterwards', async () => {
    const storage = await sharedStorage(database);
    const { options } = storage;
    try {
      const first = await buildTestApp(database, options);
      const seeded = await seedRecommendation(first, { mandant: 'alpha' });
      const clicks = 120;
      for (let n = 0; n < clicks; n++) await click(first, `/e/${seeded.empfehlungsnummer}`);
      // No flush: close() must write what the buffer holds before the database closes.
      await first.close();
      const second = await buildTestApp(database, options);
      try {
        expect(await countClicks(second, seeded.id)).toBe(clicks);
      } finally {
        await second.close();
      }
    } finally {
      await storage.cleanup();
    }
  });
});
