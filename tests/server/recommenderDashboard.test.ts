import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmpfehlungEintrag } from '../../schemas/personalArea.ts';
import { databases } from './helpers.ts';
import { ANNA, authHeaders, BEN, BETA_ANNA, buildPersonalApp, CARLA } from './personalAreaHelpers.ts';

/**
 * Issue 5, dashboard (PersoenlicherBereich): GET /empfehler/empfehlungen/ and the banner, my data
 * (MeineDaten). The demo recommendations of fixtures/personalArea cover every status.
 */
describe.each(databases)('personal area: recommendations and my data on $name', (database) => {
  let app: FastifyInstance;
  let anna: { authorization: string };

  beforeAll(async () => {
    app = await buildPersonalApp(database);
    anna = await authHeaders(app, 'alpha', ANNA);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  const list = (headers: Record<string, string>, path = '/api/v1/alpha/empfehler/empfehlungen/') =>
    app.inject({ method: 'GET', url: path, headers });

  it('lists the recommender’s recommendations newest first, with every status, product and the recipient masked', async () => {
    const response = await list(anna);
    expect(response.statusCode).toBe(200);
    const entries = response.json<EmpfehlungEintrag[]>();
    expect(entries.map((entry) => entry.Empfehlungsnummer)).toEqual([
      '1000000001',
      '1000000002',
      '1000000003',
      '1000000005',
      '1000000004',
      '1000000006',
    ]);
    expect(new Set(entries.map((entry) => entry.Status))).toEqual(
      new Set(['Offen', 'Ok', 'Freigegeben', 'Gezahlt', 'Abgelaufen', 'Storniert']),
    );
    const accepted = entries.find((entry) => entry.Empfehlungsnummer === '1000000002');
    expect(accepted).toMatchObject({
      Status: 'Ok',
      Produkt: { Id: '602', Name: 'NetzPlus Internet M' },
      Channel: 'email',
      Empfaenger: 'M*** M***',
      Praemierung: { Status: 'Offen', WertCent: 7000, PraemieId: null },
    });
    expect(accepted?.Datum).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    // The recipient's name never leaves the server in clear.
    expect(response.body).not.toContain('Mustermann');
    expect(entries.find((entry) => entry.Empfehlungsnummer === '1000000001')).toMatchObject({
      Empfaenger: null,
      Praemierung: null,
    });
  });

  it('answers SPEC’s other spelling Empfehler/empfehlungen alike', async () => {
    const response = await list(anna, '/api/v1/alpha/Empfehler/empfehlungen');
    expect(response.statusCode).toBe(200);
    expect(response.json<EmpfehlungEintrag[]>()).toHaveLength(6);
  });

  it('includes a recommendation made with the same e-mail before logging in, but not one of another mandant', async () => {
    const number = `9${randomBytes(4).readUInt32BE(0).toString().padStart(9, '0')}`.slice(0, 10);
    await app.database.kysely
      .insertInto('recommendation')
      .values({
        mandant_id: 'alpha',
        empfehlungsnummer: number,
        link_hex: randomBytes(16).toString('hex'),
        empfehler_vorname: 'Anna',
        empfehler_nachname: 'Alphaweg',
        empfehler_email: ANNA.email,
        produkt_id: '601',
        link_expires_at: new Date(Date.now() + 86_400_000),
      })
      .execute();
    const alpha = (await list(anna)).json<EmpfehlungEintrag[]>();
    expect(alpha.map((entry) => entry.Empfehlungsnummer)).toContain(number);
    // beta's Anna has the same e-mail: she sees only beta's recommendation.
    const beta = await authHeaders(app, 'beta', BETA_ANNA);
    const betaList = await list(beta, '/api/v1/beta/empfehler/empfehlungen/');
    expect(betaList.json<EmpfehlungEintrag[]>().map((entry) => entry.Empfehlungsnummer)).toEqual([
      '1000000001',
    ]);
    expect(betaList.json<EmpfehlungEintrag[]>()[0]?.Praemierung?.WertCent).toBe(2500);
  });

  it('shows another user only their own recommendations; none is empty', async () => {
    const ben = await authHeaders(app, 'alpha', BEN);
    expect((await list(ben)).json<EmpfehlungEintrag[]>().map((entry) => entry.Empfehlungsnummer)).toEqual([
      '1000000101',
    ]);
    const carla = await authHeaders(app, 'alpha', CARLA);
    expect((await list(carla)).json()).toEqual([]);
  });

  it('needs a login: no token 401 PSOF0210, a forged one 401 PSOF0204, another mandant’s token 401 PSOF0204', async () => {
    const none = await list({});
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('PSOF0210');
    const forged = await list({ authorization: 'Bearer abc.def.ghi' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('PSOF0204');
    const beta = await authHeaders(app, 'beta', BETA_ANNA);
    const crossed = await list(beta);
    expect(crossed.statusCode).toBe(401);
    expect(crossed.json().code).toBe('PSOF0204');
  });

  it('banner BannerTEZuTP: shown for a live DP recommendation when TP is offered; not without one', async () => {
    const banner = (headers: Record<string, string>, path: string) =>
      app.inject({ method: 'GET', url: `/api/v1/alpha/${path}/showbanner/BannerTEZuTP`, headers });
    expect((await banner(anna, 'empfehler/empfehlungen')).json()).toEqual({ Anzeigen: true });
    expect((await banner(anna, 'praemierung')).json()).toEqual({ Anzeigen: true });
    const carla = await authHeaders(app, 'alpha', CARLA);
    expect((await banner(carla, 'empfehler/empfehlungen')).json()).toEqual({ Anzeigen: false });
    expect((await banner({}, 'empfehler/empfehlungen')).statusCode).toBe(401);
  });

  describe('my data (MeineDaten)', () => {
    const put = (headers: Record<string, string>, payload: object, mandant = 'alpha') =>
      app.inject({ method: 'PUT', url: `/api/v1/${mandant}/empfehler/meinedaten`, headers, payload });

    it('changes salutation and names and answers the updated user with the same token', async () => {
      const carla = await authHeaders(app, 'alpha', CARLA);
      const response = await put(carla, { Anrede: 'Frau', Vorname: ' Carla Maria ', Nachname: 'Cäsar-Weiß' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        Anrede: 'Frau',
        Vorname: 'Carla Maria',
        Nachname: 'Cäsar-Weiß',
        Email: CARLA.email,
        Token: carla.authorization.slice('Bearer '.length),
      });
      const user = await app.inject({ method: 'GET', url: '/api/v1/alpha/account/user', headers: carla });
      expect(user.json().Vorname).toBe('Carla Maria');
    });

    it('refuses names that are not names, and an unknown salutation, without changing anything', async () => {
      const carla = await authHeaders(app, 'alpha', CARLA);
      const digits = await put(carla, { Anrede: '', Vorname: 'R2D2', Nachname: '' });
      expect(digits.statusCode).toBe(422);
      expect(digits.json()).toMatchObject({ code: 'PSOF0249' });
      expect(digits.json().details.map((detail: { pointer: string }) => detail.pointer)).toEqual([
        '/Vorname',
        '/Nachname',
      ]);
      const salutation = await put(carla, { Anrede: 'Majestät', Vorname: 'Carla', Nachname: 'Cäsar' });
      expect(salutation.statusCode).toBe(400);
      const user = await app.inject({ method: 'GET', url: '/api/v1/alpha/account/user', headers: carla });
      expect(user.json().Vorname).not.toBe('R2D2');
    });

    it('is disabled with autologin (403 PSOF0247)', async () => {
      const beta = await authHeaders(app, 'beta', BETA_ANNA);
      const response = await put(beta, { Anrede: '', Vorname: 'Anna', Nachname: 'Neu' }, 'beta');
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('PSOF0247');
    });
  });
});
