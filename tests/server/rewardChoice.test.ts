import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PraemieAuswahl, Praemierung } from '../../schemas/praemien.ts';
import { type SmtpStandIn, startSmtpServer } from '../support/smtpServer.ts';
import { databases } from './helpers.ts';
import { ANNA, authHeaders, BEN, buildPersonalApp, rewardIds } from './personalAreaHelpers.ts';

/**
 * Issue 5, rewards: the catalogue with SPEC 4's reward window, GET/PUT /praemierung/, the reward link
 * (praemierungstoken) with 'already collected' (PSOF0400), 'invalid' (PSOF0401) and 'expired' (PSOF0402),
 * the customer number on the reward token, and other people's ids (404, never the data).
 */
describe.each(databases)('rewards on $name', (database) => {
  let app: FastifyInstance;
  let smtp: SmtpStandIn;
  let anna: { authorization: string };
  let ben: { authorization: string };
  let annaRewards: Map<string, string>;
  let benRewards: Map<string, string>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await buildPersonalApp(database, { smtpUrl: smtp.url });
    anna = await authHeaders(app, 'alpha', ANNA);
    ben = await authHeaders(app, 'alpha', BEN);
    annaRewards = await rewardIds(app, 'alpha', anna);
    benRewards = await rewardIds(app, 'alpha', ben);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  const choose = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    app.inject({ method: 'PUT', url: '/api/v1/alpha/praemierung/', headers, payload });
  const receipt = { Vorname: 'Anna', Nachname: 'Alphaweg', Email: 'Anna@Alpha.example' };
  const reward = (number: string, rewards = annaRewards): string => {
    const id = rewards.get(number);
    if (!id) throw new Error(`no reward for ${number}`);
    return id;
  };

  /** Mails a reward link (logged in, the reward's id) and reads its token from the mail that arrived. */
  async function rewardLinkToken(id: string, headers = anna): Promise<string> {
    smtp.reset();
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/alpha/empfehler/praemierungmail/${id}`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    // Other mails (a notification of an earlier step) may still be on their way: wait for the reward mail.
    const mail = await smtp.waitForMail((candidate) =>
      candidate.links.some((link) => link.includes('/praemie?token=')),
    );
    const link = mail.links.find((candidate) => candidate.includes('/praemie?token='));
    if (!link) throw new Error(`no reward link in: ${mail.text}`);
    return new URL(link).searchParams.get('token') ?? '';
  }

  describe('catalogue (GET /praemie)', () => {
    it('offers only rewards inside their window (SPEC 4), in the request’s language', async () => {
      const german = await app.inject({ method: 'GET', url: '/api/v1/alpha/praemie' });
      expect(german.statusCode).toBe(200);
      const entries = german.json<PraemieAuswahl[]>();
      expect(entries.map((entry) => entry.Id)).toEqual(['ueberweisung', 'gutschein-50']);
      expect(entries[0]).toMatchObject({ Titel: 'Überweisung', Art: 'Geld', WertCent: null });
      expect(entries[1]).toMatchObject({
        WertCent: 5000,
        Grafik: '/api/v1/alpha/praemie/gutschein-50/grafik100',
      });
      const english = await app.inject({
        method: 'GET',
        url: '/api/v1/alpha/praemie',
        headers: { 'x-accept-language': 'en' },
      });
      expect(english.json<PraemieAuswahl[]>()[0]?.Titel).toBe('Transfer');
      // No English text: the German one.
      expect(english.json<PraemieAuswahl[]>()[1]?.Titel).toBe('50-€-Gutschein');
    });

    it('serves images as grafik100 and its variants; an unknown reward or variant is a 4xx', async () => {
      for (const path of ['grafik100', 'grafik', 'grafik200/abc123']) {
        const image = await app.inject({ method: 'GET', url: `/api/v1/alpha/praemie/ueberweisung/${path}` });
        expect(image.statusCode).toBe(302);
        expect(image.headers.location).toBe('/mandant-assets/alpha/praemie.svg');
      }
      const asset = await app.inject({ method: 'GET', url: '/mandant-assets/alpha/praemie.svg' });
      expect(asset.statusCode).toBe(200);
      expect(
        (await app.inject({ method: 'GET', url: '/api/v1/alpha/praemie/unbekannt/grafik100' })).statusCode,
      ).toBe(404);
      expect(
        (await app.inject({ method: 'GET', url: '/api/v1/alpha/praemie/ueberweisung/grafik999' })).statusCode,
      ).toBe(400);
    });
  });

  describe('GET /praemierung/', () => {
    it('lists the user’s rewards; ?details adds the chosen reward', async () => {
      const plain = await app.inject({ method: 'GET', url: '/api/v1/alpha/praemierung/', headers: anna });
      const rewards = plain.json<Praemierung[]>();
      expect(new Set(rewards.map((entry) => entry.Status))).toEqual(
        new Set(['Offen', 'Bereitgestellt', 'Ausgezahlt', 'Storniert']),
      );
      expect(rewards.every((entry) => !('Praemie' in entry))).toBe(true);
      const detailed = await app.inject({
        method: 'GET',
        url: '/api/v1/alpha/praemierung/?details',
        headers: anna,
      });
      const paid = detailed.json<Praemierung[]>().find((entry) => entry.Empfehlungsnummer === '1000000004');
      expect(paid).toMatchObject({ Status: 'Ausgezahlt', Waehlbar: false, PraemieId: 'ueberweisung' });
      expect(paid?.Praemie?.Titel).toBe('Überweisung');
    });

    it('needs a login or a reward link (401 PSOF0210)', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/v1/alpha/praemierung/' });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('PSOF0210');
    });
  });

  describe('PUT /praemierung/', () => {
    it('keeps a choice for a reward that is not ready yet (Offen), and lets it change', async () => {
      const id = reward('1000000002');
      const first = await choose(anna, { Id: id, PraemieId: 'gutschein-50', ...receipt });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({
        Status: 'Offen',
        PraemieId: 'gutschein-50',
        Waehlbar: true,
        Empfaenger: { Vorname: 'Anna', Nachname: 'Alphaweg', Email: 'anna@alpha.example' },
        Praemie: { Id: 'gutschein-50' },
      });
      const second = await choose(anna, { Id: id, PraemieId: 'ueberweisung', ...receipt });
      expect(second.json()).toMatchObject({ Status: 'Offen', PraemieId: 'ueberweisung' });
    });

    it('refuses a reward outside its window, unknown, or worth more than was earned (422 PSOF0412)', async () => {
      const small = reward('1000000003'); // 30 € earned
      for (const PraemieId of ['abgelaufen', 'zukunft', 'gibt-es-nicht', 'gutschein-50']) {
        const response = await choose(anna, { Id: small, PraemieId, ...receipt });
        expect(response.statusCode, PraemieId).toBe(422);
        expect(response.json().code).toBe('PSOF0412');
      }
    });

    it('checks the receipt form: names (PSOF0249), e-mail (PSOF0302), required fields (400)', async () => {
      const id = reward('1000000002');
      const names = await choose(anna, {
        Id: id,
        PraemieId: 'ueberweisung',
        Vorname: '',
        Nachname: '<b>',
        Email: 'a@b.de',
      });
      expect(names.statusCode).toBe(422);
      expect(names.json().code).toBe('PSOF0249');
      const email = await choose(anna, { Id: id, PraemieId: 'ueberweisung', ...receipt, Email: 'anna' });
      expect(email.statusCode).toBe(422);
      expect(email.json().code).toBe('PSOF0302');
      const missing = await choose(anna, { Id: id, PraemieId: 'ueberweisung' });
      expect(missing.statusCode).toBe(400);
      const badId = await choose(anna, { Id: 'not-a-uuid', PraemieId: 'ueberweisung', ...receipt });
      expect(badId.statusCode).toBe(400);
    });

    it('another user’s reward id answers 404 PSOF0410 like an unknown one, and changes nothing', async () => {
      const bens = reward('1000000101', benRewards);
      const response = await choose(anna, { Id: bens, PraemieId: 'ueberweisung', ...receipt });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('PSOF0410');
      expect(response.body).not.toContain('1000000101');
      const unknown = await choose(anna, {
        Id: '00000000-0000-4000-8000-000000000000',
        PraemieId: 'ueberweisung',
        ...receipt,
      });
      expect(unknown.json()).toEqual(response.json());
      const row = await app.database.kysely
        .selectFrom('praemierung')
        .select(['praemie_id', 'empfaenger_vorname'])
        .where('id', '=', bens)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ praemie_id: null, empfaenger_vorname: null });
      // Neither the reward link of someone else's reward.
      const mail = await app.inject({
        method: 'GET',
        url: `/api/v1/alpha/empfehler/praemierungmail/${bens}`,
        headers: anna,
      });
      expect(mail.statusCode).toBe(404);
    });

    it('cancelled (Storniert) and paid-out rewards cannot be chosen (409 PSOF0411 / PSOF0400)', async () => {
      const cancelled = await choose(anna, {
        Id: reward('1000000005'),
        PraemieId: 'ueberweisung',
        ...receipt,
      });
      expect(cancelled.statusCode).toBe(409);
      expect(cancelled.json().code).toBe('PSOF0411');
      const paid = await choose(anna, { Id: reward('1000000004'), PraemieId: 'ueberweisung', ...receipt });
      expect(paid.statusCode).toBe(409);
      expect(paid.json().code).toBe('PSOF0400');
    });
  });

  describe('reward link (praemierungstoken)', () => {
    it('mails a link whose token shows the reward without login, lets cash be chosen, and says collected once paid out', async () => {
      const id = reward('1000000101', benRewards);
      const token = await rewardLinkToken(id, ben);
      const stored = await app.database.kysely
        .selectFrom('praemierung')
        .select('token_hash')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored.token_hash).not.toContain(token);

      const used = await app.inject({
        method: 'GET',
        url: `/api/v1/alpha/empfehler/praemierungmail/${token}`,
      });
      expect(used.statusCode).toBe(200);
      expect(used.json()).toMatchObject({ Id: id, Status: 'Bereitgestellt', WertCent: 7000 });

      const holder = { authorization: `Bearer ${token}` };
      const mine = await app.inject({ method: 'GET', url: '/api/v1/alpha/praemierung/', headers: holder });
      expect(mine.json<Praemierung[]>().map((entry) => entry.Id)).toEqual([id]);
      // The link holds one reward: any other id is unknown to it.
      const other = await choose(holder, { Id: reward('1000000003'), PraemieId: 'ueberweisung', ...receipt });
      expect(other.statusCode).toBe(404);

      const collected = await choose(holder, {
        Id: id,
        PraemieId: 'ueberweisung',
        Vorname: 'Ben',
        Nachname: 'Brückner',
        Email: 'ben@alpha.example',
      });
      expect(collected.statusCode).toBe(200);
      // Cash waits for the next payout run (issue 13): chosen, still Bereitgestellt, still changeable.
      expect(collected.json()).toMatchObject({
        Status: 'Bereitgestellt',
        PraemieId: 'ueberweisung',
        Waehlbar: true,
      });
      // The payout run is executed: the lifecycle moves the reward to Ausgezahlt.
      await app.database.kysely.transaction().execute((trx) =>
        app.lifecycle.reward(trx, {
          mandantId: 'alpha',
          praemierungId: id,
          reason: 'payout.executed',
          actor: 'system',
        }),
      );

      const again = await app.inject({
        method: 'GET',
        url: `/api/v1/alpha/empfehler/praemierungmail/${token}`,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('PSOF0400');
      const chooseAgain = await choose(holder, { Id: id, PraemieId: 'ueberweisung', ...receipt });
      expect(chooseAgain.json().code).toBe('PSOF0400');
    });

    it('an unknown token is invalid (401 PSOF0401), an expired one expired (410 PSOF0402)', async () => {
      const unknown = await app.inject({
        method: 'GET',
        url: `/api/v1/alpha/empfehler/praemierungmail/${'x'.repeat(43)}`,
      });
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json().code).toBe('PSOF0401');
      const garbage = await app.inject({ method: 'GET', url: '/api/v1/alpha/empfehler/praemierungmail/abc' });
      expect(garbage.json().code).toBe('PSOF0401');

      const id = reward('1000000003');
      const token = await rewardLinkToken(id);
      await app.database.kysely
        .updateTable('praemierung')
        .set({ token_expires_at: new Date(Date.now() - 1000) })
        .where('id', '=', id)
        .execute();
      const expired = await app.inject({
        method: 'GET',
        url: `/api/v1/alpha/empfehler/praemierungmail/${token}`,
      });
      expect(expired.statusCode).toBe(410);
      expect(expired.json().code).toBe('PSOF0402');
      const asBearer = await app.inject({
        method: 'GET',
        url: '/api/v1/alpha/praemierung/',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(asBearer.json().code).toBe('PSOF0402');
    });

    it('a new link replaces the old one', async () => {
      const id = reward('1000000003');
      const first = await rewardLinkToken(id);
      const second = await rewardLinkToken(id);
      expect(
        (await app.inject({ method: 'GET', url: `/api/v1/alpha/empfehler/praemierungmail/${first}` }))
          .statusCode,
      ).toBe(401);
      expect(
        (await app.inject({ method: 'GET', url: `/api/v1/alpha/empfehler/praemierungmail/${second}` }))
          .statusCode,
      ).toBe(200);
    });
  });

  describe('customer number (KundenNummer) with the reward token', () => {
    it('stores and reads the number on the token’s reward; checks its form; needs a token', async () => {
      const id = reward('1000000003');
      const token = await rewardLinkToken(id);
      const holder = { authorization: `Bearer ${token}` };
      const empty = await app.inject({
        method: 'GET',
        url: '/api/v1/alpha/empfehler/GetResultFromKundennummer/',
        headers: holder,
      });
      expect(empty.json()).toEqual({ Kundennummer: null, PraemierungId: id });
      const set = await app.inject({
        method: 'PUT',
        url: '/api/v1/alpha/empfehler/SetKundennummerForEmpfehler/KD-123456',
        headers: holder,
      });
      expect(set.statusCode).toBe(200);
      expect(set.json()).toEqual({ Kundennummer: 'KD-123456', PraemierungId: id });
      const read = await app.inject({
        method: 'GET',
        url: '/api/v1/alpha/empfehler/GetResultFromKundennummer/',
        headers: holder,
      });
      expect(read.json().Kundennummer).toBe('KD-123456');
      const bad = await app.inject({
        method: 'PUT',
        url: '/api/v1/alpha/empfehler/SetKundennummerForEmpfehler/%3Cx%3E',
        headers: holder,
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().code).toBe('PSOF0248');
      const none = await app.inject({
        method: 'GET',
        url: '/api/v1/alpha/empfehler/GetResultFromKundennummer/',
      });
      expect(none.statusCode).toBe(401);
      expect(none.json().code).toBe('PSOF0310');
      // Logged in, another person's reward is unknown.
      const foreign = await app.inject({
        method: 'GET',
        url: `/api/v1/alpha/empfehler/GetResultFromKundennummer/?praemierung=${reward('1000000101', benRewards)}`,
        headers: anna,
      });
      expect(foreign.statusCode).toBe(404);
    });
  });
});
