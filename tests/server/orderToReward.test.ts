import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import type { EmpfehlungEintrag } from '../../schemas/personalArea.ts';
import { databases } from './helpers.ts';
import {
  berlinDay,
  buildOrderTestApp,
  CLAIM_DAYS,
  confirmedReferral,
  integration,
  reasonsOf,
  rewardsOf,
  statusOf,
  TestClock,
} from './orderHelpers.ts';

const XSD = fileURLToPath(new URL('../fixtures/sepa/pain.001.001.09.xsd', import.meta.url));

describe.each(databases)('order to reward on $name', (database) => {
  let app: FastifyInstance;
  const clock = new TestClock();
  const today = () => berlinDay(clock.now());

  beforeAll(async () => {
    app = await buildOrderTestApp(database, clock);
  });
  afterAll(async () => {
    await app?.close();
  });

  const placeOrder = (nr: string, auftragsnummer: string, extra: Record<string, unknown> = {}) =>
    integration(app, 'events', {
      Typ: 'order.placed',
      Empfehlungsnummer: nr,
      Auftragsnummer: auftragsnummer,
      ProduktId: '101',
      Auftragsdatum: today(),
      ...extra,
    });
  const event = (Typ: string, Auftragsnummer: string, extra: Record<string, unknown> = {}) =>
    integration(app, 'events', { Typ, Auftragsnummer, ...extra });

  async function loginAnna(): Promise<Record<string, string>> {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/alpha/account/login',
      payload: { Email: 'anna@alpha.example', Password: 'Passwort123' },
    });
    expect(response.statusCode).toBe(200);
    return { authorization: `Bearer ${response.json<{ Token: string }>().Token}` };
  }

  /** The reward link of the newest reward mail to `to` (the token of ?token=). */
  async function rewardToken(to: string): Promise<string> {
    const mails = await app.mail.list();
    const mail = mails.find((entry) => entry.recipient === to && entry.template === 'rewardReady');
    const token = mail?.text?.match(/token=([A-Za-z0-9_-]{43})/)?.[1];
    if (!token) throw new Error(`no reward mail to ${to}`);
    return token;
  }

  it('runs a recommendation from the confirmed friend to a paid reward, with the whole timeline', async () => {
    const anna = await loginAnna();
    const bank = await app.inject({
      method: 'PUT',
      url: '/api/v1/alpha/empfehler/bankdaten/',
      headers: anna,
      payload: { IBAN: 'DE75512108001245126199', Kontoinhaber: 'Anna Alphaweg' },
    });
    expect(bank.statusCode).toBeLessThan(300);
    const referral = await confirmedReferral(app, { headers: anna, recommenderEmail: 'anna@alpha.example' });
    // The friend's consent moved it from Offen to Ok.
    expect(await statusOf(app, referral.nr)).toBe('Ok');

    const placed = await placeOrder(referral.nr, 'A-1000');
    expect(placed.statusCode).toBe(200);
    expect(placed.json()).toMatchObject({ Empfehlungsstatus: 'Ok', Pruefung: 'none', Pruefgruende: [] });
    // 40 € split 50:50, the friend's part capped at 15 €: 25 € and 15 €, both Offen.
    expect((await rewardsOf(app, referral.nr)).map((r) => [r.beneficiary, r.status, r.wert_cent])).toEqual([
      ['recommender', 'Offen', 2500],
      ['recipient', 'Offen', 1500],
    ]);

    expect((await event('contract.concluded', 'A-1000')).json()).toMatchObject({ Empfehlungsstatus: 'Ok' });
    // The claim period (14 days after the order date) is not over: the release job leaves it.
    expect(await app.jobs.run('releaseDueOrders')).toBe(0);
    expect(await statusOf(app, referral.nr)).toBe('Ok');
    const waiting = await app.inject({
      method: 'GET',
      url: '/api/v1/alpha/empfehler/empfehlungen/',
      headers: anna,
    });
    const waitingEntry = waiting.json<EmpfehlungEintrag[]>().find((e) => e.Empfehlungsnummer === referral.nr);
    expect(waitingEntry?.Naechster?.Schritt).toBe('claim_period');
    expect((waitingEntry?.Naechster?.Datum ?? '').slice(0, 10) > today()).toBe(true);

    clock.advanceDays(CLAIM_DAYS + 1);
    expect(await app.jobs.run('releaseDueOrders')).toBe(1);
    expect(await statusOf(app, referral.nr)).toBe('Freigegeben');
    expect((await rewardsOf(app, referral.nr)).map((r) => r.status)).toEqual([
      'Bereitgestellt',
      'Bereitgestellt',
    ]);

    // Both get the reward mail with a working reward link; each chooses a transfer.
    const annaToken = await rewardToken('anna@alpha.example');
    const friendRows = await rewardsOf(app, referral.nr);
    for (const [token, row, name] of [
      [annaToken, friendRows[0], 'Anna'],
      [await rewardToken((await friendEmail(referral.nr)) ?? ''), friendRows[1], 'Felix'],
    ] as const) {
      const chosen = await app.inject({
        method: 'PUT',
        url: '/api/v1/alpha/praemierung/',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          Id: row?.id,
          PraemieId: 'ueberweisung',
          Vorname: name,
          Nachname: 'Muster',
          Email: 'x@example.org',
        },
      });
      expect(chosen.statusCode).toBe(200);
      expect(chosen.json()).toMatchObject({ Status: 'Bereitgestellt', PraemieId: 'ueberweisung' });
    }

    const run = await integration(app, 'payout-runs', { Ausfuehrungsdatum: today() });
    expect(run.statusCode).toBe(201);
    expect(run.json()).toMatchObject({ Status: 'created', SummeCent: 4000, Anzahl: 2 });
    const runId = run.json<{ Id: string }>().Id;
    // A second run finds nothing due: the rewards are in the first.
    expect((await integration(app, 'payout-runs', { Ausfuehrungsdatum: today() })).json().code).toBe(
      'PSOF0509',
    );

    const file = await integration(app, `payout-runs/${runId}/sepa`, undefined, { method: 'GET' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/xml');
    expect(file.body).toContain('<CtrlSum>40.00</CtrlSum>');
    expect(file.body).toContain('DE75512108001245126199');
    expect(file.body).toContain('DE02120300000000202051');
    const validation = await validateXML({
      xml: [{ fileName: 'run.xml', contents: file.body }],
      schema: [{ fileName: 'pain.001.001.09.xsd', contents: await readFile(XSD, 'utf8') }],
    });
    expect(validation.errors).toEqual([]);
    // The file is made on demand: no IBAN in clear anywhere in the database.
    const stored = await app.database.kysely.selectFrom('payout_run').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain('DE75512108001245126199');

    const executed = await integration(app, `payout-runs/${runId}/executed`, {});
    expect(executed.json()).toMatchObject({ Status: 'executed' });
    expect((await integration(app, `payout-runs/${runId}/executed`, {})).json().code).toBe('PSOF0509');
    expect(await statusOf(app, referral.nr)).toBe('Gezahlt');
    expect((await rewardsOf(app, referral.nr)).map((r) => r.status)).toEqual(['Ausgezahlt', 'Ausgezahlt']);

    const list = await app.inject({
      method: 'GET',
      url: '/api/v1/alpha/empfehler/empfehlungen/',
      headers: anna,
    });
    const entry = list.json<EmpfehlungEintrag[]>().find((e) => e.Empfehlungsnummer === referral.nr);
    expect(entry?.Status).toBe('Gezahlt');
    expect(entry?.Naechster).toBeNull();
    // The recommender's timeline: the friend's own reward is not in it.
    expect(entry?.Verlauf.map((step) => `${step.Art}:${step.Grund}:${step.Status}`)).toEqual([
      'Empfehlung:recommendation.created:Offen',
      'Empfehlung:recipient.confirmed:Ok',
      'Empfehlung:order.attributed:Ok',
      'Praemie:reward.created:Offen',
      'Empfehlung:contract.concluded:Ok',
      'Empfehlung:order.released:Freigegeben',
      'Praemie:order.released:Bereitgestellt',
      'Praemie:payout.executed:Ausgezahlt',
      'Empfehlung:reward.fulfilled:Gezahlt',
    ]);
  });

  const mailsTo = async (to: string, template: string) =>
    (await app.mail.list(500)).filter((mail) => mail.recipient === to && mail.template === template);

  describe('notifications to the recommender', () => {
    it('tells each step that matters; the optional ones can be turned off; never mails the friend', async () => {
      const referral = await confirmedReferral(app);
      expect(
        (await mailsTo(referral.recommenderEmail, 'recommendationUpdate')).map((m) => m.subject),
      ).toEqual([`Ihre Empfehlung ${referral.nr}: Ihr Kontakt hat zugestimmt`]);
      await placeOrder(referral.nr, 'NOTE-1');
      await event('order.cancelled', 'NOTE-1', { Grund: 'Widerruf' });
      const subjects = (await mailsTo(referral.recommenderEmail, 'recommendationUpdate')).map(
        (m) => m.subject,
      );
      expect(subjects).toContain(`Ihre Empfehlung ${referral.nr}: Auftrag eingegangen`);
      const cancelled = (await mailsTo(referral.recommenderEmail, 'recommendationUpdate')).find((m) =>
        m.subject.includes('storniert'),
      );
      expect(cancelled?.text).toContain('Der Auftrag wurde storniert oder widerrufen.');
      // The friend gets no mail from the programme (UWG), only the reward mail of their own part.
      const friend = await friendEmail(referral.nr);
      expect((await app.mail.list(500)).filter((mail) => mail.recipient === friend)).toEqual([]);
    });

    it('respects the account’s choice for the optional mails', async () => {
      const anna = await loginAnna();
      const off = await app.inject({
        method: 'PUT',
        url: '/api/v1/alpha/empfehler/benachrichtigungen',
        headers: anna,
        payload: { Art: 'friendConfirmed', Aktiv: false },
      });
      expect(off.json()).toEqual([
        { Art: 'friendConfirmed', Aktiv: false },
        { Art: 'orderReceived', Aktiv: true },
      ]);
      const before = (await mailsTo('anna@alpha.example', 'recommendationUpdate')).length;
      const made = await app.inject({
        method: 'POST',
        url: '/api/v1/alpha/Empfehlen/create',
        headers: anna,
        payload: {
          Empfehlung: { Produkt: 102, AgbAkzeptiert: true },
          Empfehler: { Vorname: 'Anna', Nachname: 'Alphaweg', Email: 'anna@alpha.example' },
        },
      });
      expect(made.statusCode).toBe(201);
      const nr = made.json<{ Empfehlungsnummer: string }>().Empfehlungsnummer;
      const { createdRecipient, recipientHeaders } = await import('./recipientHelpers.ts');
      const recipient = await createdRecipient(app, 'alpha', nr, {
        Vorname: 'Paul',
        Nachname: 'Partner',
        Email: `paul.${Date.now()}@example.net`,
        AgbAkzeptiert: true,
      });
      await app.inject({
        method: 'PUT',
        url: '/api/v1/alpha/empfehler/zustimmung'.replace('empfehler', 'empfaenger'),
        headers: recipientHeaders(recipient.Token),
        payload: { AgbText: 'Ja.' },
      });
      expect(await statusOf(app, nr)).toBe('Ok');
      expect((await mailsTo('anna@alpha.example', 'recommendationUpdate')).length).toBe(before);
      const back = await app.inject({
        method: 'GET',
        url: '/api/v1/alpha/empfehler/benachrichtigungen',
        headers: anna,
      });
      expect(back.json()).toEqual(off.json());
      const unknown = await app.inject({
        method: 'PUT',
        url: '/api/v1/alpha/empfehler/benachrichtigungen',
        headers: anna,
        payload: { Art: 'rewardPaid', Aktiv: false },
      });
      expect(unknown.statusCode).toBe(400);
    });

    it('adds the § 22 Nr. 3 EStG note once a year when the paid rewards come near 256 €', async () => {
      const anna = await loginAnna();
      const { seedRecommendation } = await import('../support/seedRecommendation.ts');
      const account = await app.database.kysely
        .selectFrom('account')
        .select('id')
        .where('email', '=', 'anna@alpha.example')
        .executeTakeFirstOrThrow();
      const pay = async () => {
        const seeded = await seedRecommendation(app, {
          mandant: 'alpha',
          empfehlerEmail: 'anna@alpha.example',
        });
        await app.database.kysely.transaction().execute(async (trx) => {
          const id = await app.lifecycle.createReward(trx, {
            mandantId: 'alpha',
            recommendationId: seeded.id,
            empfehlungsnummer: seeded.empfehlungsnummer,
            beneficiary: 'recommender',
            accountId: account.id,
            recipientId: null,
            wertCent: 6000,
            actor: 'system',
          });
          await app.lifecycle.reward(trx, {
            mandantId: 'alpha',
            praemierungId: id,
            reason: 'order.released',
            actor: 'system',
          });
          await app.lifecycle.reward(trx, {
            mandantId: 'alpha',
            praemierungId: id,
            reason: 'payout.executed',
            actor: 'system',
          });
        });
      };
      const notice = async () =>
        (
          await app.inject({ method: 'GET', url: '/api/v1/alpha/empfehler/steuerhinweis', headers: anna })
        ).json();
      const taxMails = async () =>
        (await mailsTo('anna@alpha.example', 'recommendationUpdate')).filter((m) =>
          m.text?.includes('§ 22 Nr. 3 EStG'),
        );
      const start = (await notice()).SummeCent as number;
      while (((await notice()).SummeCent as number) + 6000 < 20_000) await pay();
      expect((await notice()).Anzeigen).toBe(false);
      expect(await taxMails()).toEqual([]);
      await pay();
      const shown = await notice();
      expect(shown).toMatchObject({ Anzeigen: true, FreigrenzeCent: 25_600 });
      expect(shown.SummeCent).toBeGreaterThan(start);
      expect(await taxMails()).toHaveLength(1);
      expect((await taxMails())[0]?.text).toContain('256,00');
      await pay();
      expect(await taxMails()).toHaveLength(1);
    });
  });

  async function friendEmail(nr: string): Promise<string | null> {
    const row = await app.database.kysely
      .selectFrom('recipient')
      .innerJoin('recommendation', 'recommendation.id', 'recipient.recommendation_id')
      .select('recipient.email')
      .where('recommendation.empfehlungsnummer', '=', nr)
      .executeTakeFirst();
    return row?.email ?? null;
  }

  describe('signed and idempotent', () => {
    it('answers a replay with the first answer and changes nothing; another body under the key is 409', async () => {
      const referral = await confirmedReferral(app);
      const body = {
        Typ: 'order.placed',
        Empfehlungsnummer: referral.nr,
        Auftragsnummer: 'IDEM-1',
        ProduktId: '101',
        Auftragsdatum: today(),
      };
      const first = await integration(app, 'events', body, { key: 'key-idem-1' });
      const replay = await integration(app, 'events', body, { key: 'key-idem-1' });
      expect(first.statusCode).toBe(200);
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual(first.json());
      expect(await reasonsOf(app, referral.nr)).toEqual([
        'recommendation:recommendation.created',
        'recommendation:recipient.confirmed',
        'recommendation:order.attributed',
        'reward:reward.created',
        'reward:reward.created',
      ]);
      const other = await integration(app, 'events', { ...body, ProduktId: '102' }, { key: 'key-idem-1' });
      expect(other.statusCode).toBe(409);
      expect(other.json().code).toBe('PSOF0503');
      // The same order reported again under a new key: the same answer, still one order.
      const again = await integration(app, 'events', body);
      expect(again.json()).toEqual(first.json());
      const orders = await app.database.kysely
        .selectFrom('customer_order')
        .select('id')
        .where('external_order_id', '=', 'IDEM-1')
        .execute();
      expect(orders).toHaveLength(1);
    });

    it('forgets a key after 24 hours: the same key then carries a new request', async () => {
      const first = await integration(
        app,
        'events',
        { Typ: 'contract.concluded', Auftragsnummer: 'ALT-1' },
        { key: 'key-24h' },
      );
      expect(first.json().code).toBe('PSOF0508');
      const other = { Typ: 'order.cancelled', Auftragsnummer: 'ALT-2' };
      expect((await integration(app, 'events', other, { key: 'key-24h' })).json().code).toBe('PSOF0503');
      clock.advanceDays(2);
      const later = await integration(app, 'events', other, { key: 'key-24h' });
      expect([later.statusCode, later.json().code]).toEqual([404, 'PSOF0508']);
      expect((await integration(app, 'events', other, { key: 'key-24h' })).json()).toEqual(later.json());
    });

    it('replays a refusal as the same refusal', async () => {
      const body = { Typ: 'contract.concluded', Auftragsnummer: 'NIE-GESEHEN' };
      const first = await integration(app, 'events', body, { key: 'key-refused' });
      const replay = await integration(app, 'events', body, { key: 'key-refused' });
      expect([first.statusCode, first.json().code]).toEqual([404, 'PSOF0508']);
      expect([replay.statusCode, replay.json().code]).toEqual([404, 'PSOF0508']);
    });

    it.each([
      ['an unknown key', { apiKey: 'unbekannt' }, 'PSOF0500'],
      ['another secret', { secret: `whsec_${Buffer.alloc(32, 9).toString('base64')}` }, 'PSOF0501'],
      ['a signature older than 300 s', { at: new Date(Date.now() - 301_000) }, 'PSOF0501'],
      ['a body changed after signing', { signedBody: '{"Typ":"order.cancelled"}' }, 'PSOF0501'],
    ] as const)('refuses %s with 401 %s and changes nothing', async (_name, options, code) => {
      const response = await integration(
        app,
        'events',
        { Typ: 'order.cancelled', Auftragsnummer: 'A-1000' },
        options,
      );
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe(code);
    });

    it('needs an Idempotency-Key for writes (400 PSOF0502)', async () => {
      const at = new Date();
      const { signRequest } = await import('../../server/integration/verifySignature.ts');
      const { INTEGRATION_SECRET } = await import('./orderHelpers.ts');
      const body = JSON.stringify({ Typ: 'order.cancelled', Auftragsnummer: 'A-1000' });
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/alpha/integration/events',
        payload: body,
        headers: {
          'content-type': 'application/json',
          'x-api-key': 'crm',
          'webhook-id': 'msg-1',
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': signRequest(INTEGRATION_SECRET, 'msg-1', body, at),
        },
      });
      expect([response.statusCode, response.json().code]).toEqual([400, 'PSOF0502']);
    });
  });

  describe('bad input: a 4xx with a catalogue code and nothing half-written', () => {
    it.each([
      ['an unknown recommendation', { Empfehlungsnummer: '999999999' }, 404, 'PSOF0504'],
      ['another mandant’s product', { ProduktId: '201' }, 422, 'PSOF0505'],
      ['an order before the recommendation', { Auftragsdatum: '2020-01-01' }, 422, 'PSOF0506'],
      ['an order in the future', { Auftragsdatum: '2999-01-01' }, 422, 'PSOF0506'],
      ['no product', { ProduktId: undefined }, 422, 'PSOF0514'],
      ['an impossible date', { Auftragsdatum: '2026-02-31x' }, 400, 'PSOF0013'],
    ] as const)('%s', async (_name, patch, status, code) => {
      const referral = await confirmedReferral(app);
      const response = await placeOrder(referral.nr, `BAD-${code}-${status}-${Math.random()}`, patch);
      expect(response.statusCode).toBe(status);
      expect(response.json().code).toBe(code);
      expect(await statusOf(app, referral.nr)).toBe('Ok');
      expect(await rewardsOf(app, referral.nr)).toEqual([]);
    });

    it('decides events out of order by the state machine: confirm after cancel is 409 PSOF0509', async () => {
      const referral = await confirmedReferral(app);
      expect((await placeOrder(referral.nr, 'OOO-1')).statusCode).toBe(200);
      const cancelled = await event('order.cancelled', 'OOO-1', { Grund: 'Widerruf' });
      expect(cancelled.json()).toMatchObject({ Empfehlungsstatus: 'Storniert' });
      const confirm = await event('contract.concluded', 'OOO-1');
      expect([confirm.statusCode, confirm.json().code]).toEqual([409, 'PSOF0509']);
      expect((await rewardsOf(app, referral.nr)).map((r) => r.status)).toEqual(['Storniert', 'Storniert']);
      // The same order number with other data is refused.
      const changed = await placeOrder(referral.nr, 'OOO-1', { ProduktId: '102' });
      expect([changed.statusCode, changed.json().code]).toEqual([409, 'PSOF0507']);
    });

    it('malformed JSON is 400 PSOF0013', async () => {
      const response = await integration(app, 'events', '{"Typ":');
      expect([response.statusCode, response.json().code]).toEqual([400, 'PSOF0013']);
    });
  });

  it('an order through the hotline is not rewarded: Storniert with the reason', async () => {
    const referral = await confirmedReferral(app);
    const response = await placeOrder(referral.nr, 'HOT-1', { Kanal: 'hotline' });
    expect(response.json()).toMatchObject({ Empfehlungsstatus: 'Storniert' });
    expect(await rewardsOf(app, referral.nr)).toEqual([]);
    expect((await reasonsOf(app, referral.nr)).at(-1)).toBe('recommendation:order.other_channel');
  });

  describe('fraud checks at attribution', () => {
    it('holds a flagged order for review; approved, it is released after the claim period', async () => {
      const referral = await confirmedReferral(app, {
        recipientEmail: `wegwerf.${Date.now()}@mailinator.com`,
      });
      const placed = await placeOrder(referral.nr, 'FRAUD-1');
      expect(placed.json()).toMatchObject({ Pruefung: 'pending', Pruefgruende: ['disposable_email'] });
      await event('contract.concluded', 'FRAUD-1');
      clock.advanceDays(CLAIM_DAYS + 1);
      await app.jobs.run('releaseDueOrders');
      expect(await statusOf(app, referral.nr)).toBe('Ok');
      const approved = await integration(app, 'orders/FRAUD-1/review', { Entscheidung: 'freigeben' });
      expect(approved.json()).toMatchObject({ Empfehlungsstatus: 'Freigegeben', Pruefung: 'approved' });
      const twice = await integration(app, 'orders/FRAUD-1/review', { Entscheidung: 'ablehnen' });
      expect([twice.statusCode, twice.json().code]).toEqual([409, 'PSOF0513']);
    });

    it('flags many friends from one browser within a day (burst_client)', async () => {
      const client = { remoteAddress: '192.0.2.77', userAgent: 'Mozilla/5.0 (Fraud) Gecko/1' };
      const referrals = [];
      for (let index = 0; index < 7; index++) referrals.push(await confirmedReferral(app, { client }));
      const sixth = await placeOrder(referrals[5]?.nr ?? '', 'BURST-6');
      expect(sixth.json().Pruefgruende).toEqual([]);
      const seventh = await placeOrder(referrals[6]?.nr ?? '', 'BURST-7');
      expect(seventh.json()).toMatchObject({ Pruefung: 'pending', Pruefgruende: ['burst_client'] });
      // The fingerprint is keyed: neither the address nor the browser is stored.
      const stored = await app.database.kysely.selectFrom('recipient').select('client_fingerprint').execute();
      expect(JSON.stringify(stored)).not.toContain('192.0.2.77');
      expect(JSON.stringify(stored)).not.toContain('Fraud');
    });

    it('flags an IBAN that another recommender uses too (shared_iban)', async () => {
      const anna = await loginAnna();
      const iban = 'DE89370400440532013000';
      await app.inject({
        method: 'PUT',
        url: '/api/v1/alpha/empfehler/bankdaten/',
        headers: anna,
        payload: { IBAN: iban, Kontoinhaber: 'Anna Alphaweg' },
      });
      const other = await app.database.kysely
        .insertInto('account')
        .values({
          mandant_id: 'alpha',
          email: `zweit.${Date.now()}@example.org`,
          password_hash: null,
          vorname: 'Zweit',
          nachname: 'Konto',
          empfehler_hash: 'x'.repeat(16),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await app.database.kysely
        .insertInto('bank_account')
        .values({
          account_id: other.id,
          mandant_id: 'alpha',
          iban_encrypted: app.fieldCipher.encrypt(iban, 'alpha:bank_account'),
          iban_fingerprint: app.fingerprints.of('iban', 'alpha', iban),
          kontoinhaber: 'Zweit Konto',
        })
        .execute();
      const referral = await confirmedReferral(app, {
        headers: anna,
        recommenderEmail: 'anna@alpha.example',
      });
      const placed = await placeOrder(referral.nr, 'SHARED-1');
      expect(placed.json()).toMatchObject({ Pruefung: 'pending', Pruefgruende: ['shared_iban'] });
    });

    it('a rejected review cancels the recommendation and its rewards (fraud.confirmed)', async () => {
      const referral = await confirmedReferral(app);
      await placeOrder(referral.nr, 'FRAUD-2', { Bestandskunde: true });
      const rejected = await integration(app, 'orders/FRAUD-2/review', { Entscheidung: 'ablehnen' });
      expect(rejected.json()).toMatchObject({
        Empfehlungsstatus: 'Storniert',
        Pruefgruende: ['already_customer'],
      });
      expect((await rewardsOf(app, referral.nr)).map((r) => r.status)).toEqual(['Storniert', 'Storniert']);
      expect((await reasonsOf(app, referral.nr)).at(-1)).toBe('reward:fraud.confirmed');
    });
  });

  it('delivers a voucher from the pool by mail (Abgeholt); an empty pool makes the reward wait', async () => {
    const referral = await confirmedReferral(app);
    await placeOrder(referral.nr, 'VOUCHER-1');
    await event('contract.concluded', 'VOUCHER-1');
    clock.advanceDays(CLAIM_DAYS + 1);
    await app.jobs.run('releaseDueOrders');
    const [recommender] = await rewardsOf(app, referral.nr);
    const token = await rewardToken(referral.recommenderEmail);
    const chosen = await app.inject({
      method: 'PUT',
      url: '/api/v1/alpha/praemierung/',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        Id: recommender?.id,
        PraemieId: 'wunschgutschein',
        Vorname: 'Erika',
        Nachname: 'Muster',
        Email: referral.recommenderEmail,
      },
    });
    expect(chosen.statusCode).toBe(200);
    // No codes yet: nothing is delivered, nothing fails.
    expect(await app.jobs.run('deliverVouchers')).toBe(0);
    expect((await rewardsOf(app, referral.nr))[0]?.status).toBe('Bereitgestellt');

    const csv = 'PraemieId;Code\nwunschgutschein;WG-AAAA-0001\nwunschgutschein;WG-AAAA-0002\n';
    const imported = await integration(app, 'vouchers/import', csv, { contentType: 'text/csv' });
    expect(imported.json()).toEqual({ Importiert: 2, Doppelt: 0 });
    const badRow = await integration(app, 'vouchers/import', 'PraemieId;Code\nueberweisung;X-1234\n', {
      contentType: 'text/csv',
    });
    expect([badRow.statusCode, badRow.json().code, badRow.json().details[0].pointer]).toEqual([
      422,
      'PSOF0511',
      '/line/2/PraemieId',
    ]);

    expect(await app.jobs.run('deliverVouchers')).toBe(1);
    expect((await rewardsOf(app, referral.nr))[0]?.status).toBe('Abgeholt');
    const mails = await app.mail.list();
    const voucherMail = mails.find(
      (mail) => mail.template === 'voucherDelivered' && mail.recipient === referral.recommenderEmail,
    );
    expect(voucherMail?.text).toContain('WG-AAAA-0001');
    const stock = await integration(app, 'vouchers', undefined, { method: 'GET' });
    expect(stock.json()).toEqual([{ PraemieId: 'wunschgutschein', Frei: 1, Ausgegeben: 1 }]);
  });

  it('expires a link nobody followed in 60 days (link.expired)', async () => {
    const made = await app.inject({ method: 'GET', url: '/api/v1/alpha/captcha/challenge' });
    expect(made.statusCode).toBe(200);
    const { createAsGuest, recommendBody } = await import('./recommendHelpers.ts');
    const created = await createAsGuest(
      app,
      'alpha',
      recommendBody({ Empfehler: { Email: `niemand.${Date.now()}@example.org` } }),
    );
    const nr = created.json<{ Empfehlungsnummer: string }>().Empfehlungsnummer;
    await app.jobs.run('expireLifecycle');
    expect(await statusOf(app, nr)).toBe('Offen');
    clock.advanceDays(61);
    await app.jobs.run('expireLifecycle');
    expect(await statusOf(app, nr)).toBe('Abgelaufen');
    expect((await reasonsOf(app, nr)).at(-1)).toBe('recommendation:link.expired');
  });

  describe('CSV import', () => {
    it('imports every row or none, and names each bad row by its line', async () => {
      const a = await confirmedReferral(app);
      const b = await confirmedReferral(app);
      const header =
        'Typ;Empfehlungsnummer;Empfehlungscode;Auftragsnummer;ProduktId;Auftragsdatum;Kanal;Bestandskunde;Grund';
      const bad = [
        header,
        `order.placed;${a.nr};;CSV-A;101;${today()};link;;`,
        `order.placed;999999999;;CSV-X;101;${today()};link;;`,
        `order.placed;${b.nr};;CSV-B;101;kein-datum;link;;`,
      ].join('\n');
      const refused = await integration(app, 'events/import', bad, { contentType: 'text/csv' });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().code).toBe('PSOF0511');
      expect(refused.json().details.map((d: { pointer: string }) => d.pointer)).toEqual([
        '/line/4/Auftragsdatum',
      ]);
      const unknownOnly = [
        header,
        `order.placed;${a.nr};;CSV-A;101;${today()};link;;`,
        `order.placed;999999999;;CSV-X;101;${today()};link;;`,
      ].join('\n');
      const refusedRow = await integration(app, 'events/import', unknownOnly, { contentType: 'text/csv' });
      expect(refusedRow.json().details).toEqual([{ pointer: '/line/3', reason: 'PSOF0504' }]);
      // Nothing of either file was applied.
      expect(await statusOf(app, a.nr)).toBe('Ok');
      expect(await rewardsOf(app, a.nr)).toEqual([]);

      const good = [
        header,
        `order.placed;${a.nr};;CSV-A;101;${today()};link;;`,
        `order.placed;${b.nr};;CSV-B;101;${today()};;;`,
      ].join('\r\n');
      const imported = await integration(app, 'events/import', good, { contentType: 'text/csv' });
      expect(imported.json()).toEqual({ Zeilen: 2, Ergebnisse: { Ok: 2 } });
      expect((await rewardsOf(app, b.nr)).length).toBe(2);
    });

    it.each([
      ['wrong columns', 'Typ;Nummer\norder.placed;1\n'],
      [
        'a tab as delimiter',
        'Typ\tEmpfehlungsnummer\tEmpfehlungscode\tAuftragsnummer\tProduktId\tAuftragsdatum\tKanal\tBestandskunde\tGrund\n',
      ],
    ])('refuses %s with 415 PSOF0512', async (_name, csv) => {
      const response = await integration(app, 'events/import', csv, { contentType: 'text/csv' });
      expect([response.statusCode, response.json().code]).toEqual([415, 'PSOF0512']);
    });

    it('refuses a file that is not UTF-8 with 415 PSOF0512', async () => {
      const latin1 = Buffer.from(
        'Typ;Empfehlungsnummer;Empfehlungscode;Auftragsnummer;ProduktId;Auftragsdatum;Kanal;Bestandskunde;Grund\norder.cancelled;;;M\xfcller;;;;;\n',
        'latin1',
      );
      const response = await integration(app, 'events/import', latin1, { contentType: 'text/csv' });
      expect([response.statusCode, response.json().code]).toEqual([415, 'PSOF0512']);
    });
  });
});
