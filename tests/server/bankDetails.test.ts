import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashRewardToken, newRewardToken } from '../../server/rewards/rewardTokens.ts';
import { databases } from './helpers.ts';
import {
  ANNA,
  authHeaders,
  BEN,
  BETA_ANNA,
  buildPersonalApp,
  CARLA,
  dumpAllTables,
  rewardIds,
  searchableDump,
} from './personalAreaHelpers.ts';

const GERMAN_IBAN = 'DE89 3704 0044 0532 0130 00';
const AUSTRIAN_IBAN = 'AT61 1904 3002 3457 3201';

/**
 * Issue 5, bank data (EmpfehlerBankdaten): GET, PUT, DELETE /empfehler/bankdaten/ — a null answer means
 * empty, 'Bitte verwenden Sie den Link aus Ihrer E-Mail.' without authorisation, '{field} ist nicht
 * gültig', ModuleIBANNurDE, ModuleStoringBankdata, the IBAN encrypted at rest and shown masked.
 */
describe.each(databases)('recommender bank data on $name', (database) => {
  let app: FastifyInstance;
  let carla: { authorization: string };
  const url = '/api/v1/alpha/empfehler/bankdaten/';

  beforeAll(async () => {
    app = await buildPersonalApp(database);
    carla = await authHeaders(app, 'alpha', CARLA);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  const put = (headers: Record<string, string>, payload: object, target = url) =>
    app.inject({ method: 'PUT', url: target, headers, payload });

  it('is null while nothing is stored; stores, masks, encrypts at rest, replaces and deletes', async () => {
    const empty = await app.inject({ method: 'GET', url, headers: carla });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toBeNull();

    const stored = await put(carla, { IBAN: GERMAN_IBAN.toLowerCase(), Kontoinhaber: '  Carla   Cäsar ' });
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toEqual({ IBAN: 'DE89 **** **** **** **30 00', Kontoinhaber: 'Carla Cäsar' });
    const read = await app.inject({ method: 'GET', url, headers: carla });
    expect(read.json()).toEqual(stored.json());
    expect(read.body).not.toContain('370400440532');

    for (const [table, rows] of searchableDump(await dumpAllTables(app), 'alpha')) {
      expect(rows, table).not.toContain('de89370400440532013000');
    }
    const row = await app.database.kysely
      .selectFrom('bank_account')
      .select('iban_encrypted')
      .executeTakeFirstOrThrow();
    expect(row.iban_encrypted).toMatch(/^v1:/);

    const replaced = await put(carla, { IBAN: 'DE02120300000000202051', Kontoinhaber: 'Carla Cäsar' });
    expect(replaced.json().IBAN).toBe('DE02 **** **** **** **20 51');
    const count = await app.database.kysely
      .selectFrom('bank_account')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);

    const deleted = await app.inject({ method: 'DELETE', url, headers: carla });
    expect(deleted.statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url, headers: carla })).json()).toBeNull();
  });

  it('refuses a bad IBAN (PSOF0240 “IBAN ist nicht gültig”), a bad holder (PSOF0241), a foreign IBAN under ModuleIBANNurDE (PSOF0242)', async () => {
    const badChecksum = await put(carla, {
      IBAN: 'DE89 3704 0044 0532 0130 01',
      Kontoinhaber: 'Carla Cäsar',
    });
    expect(badChecksum.statusCode).toBe(422);
    expect(badChecksum.json()).toMatchObject({ code: 'PSOF0240', message: 'IBAN ist nicht gültig' });
    const holder = await put(carla, { IBAN: GERMAN_IBAN, Kontoinhaber: '12345' });
    expect(holder.json()).toMatchObject({ code: 'PSOF0241', message: 'Kontoinhaber ist nicht gültig' });
    const emptyHolder = await put(carla, { IBAN: GERMAN_IBAN, Kontoinhaber: ' ' });
    expect(emptyHolder.json().code).toBe('PSOF0241');
    const foreign = await put(carla, { IBAN: AUSTRIAN_IBAN, Kontoinhaber: 'Carla Cäsar' });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json()).toMatchObject({
      code: 'PSOF0242',
      message: 'IBAN ist nicht gültig: Bitte geben Sie eine deutsche IBAN (beginnt mit DE) an.',
    });
    const english = await app.inject({
      method: 'PUT',
      url,
      headers: { ...carla, 'x-accept-language': 'en' },
      payload: { IBAN: 'XX00', Kontoinhaber: 'Carla' },
    });
    expect(english.json().message).toBe('IBAN is not valid');
    const missing = await put(carla, { IBAN: GERMAN_IBAN });
    expect(missing.statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url, headers: carla })).json()).toBeNull();
  });

  it('without a login or reward link: 401 “Bitte verwenden Sie den Link aus Ihrer E-Mail.” (PSOF0310)', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await app.inject({
        method,
        url,
        ...(method === 'PUT' ? { payload: { IBAN: GERMAN_IBAN, Kontoinhaber: 'X' } } : {}),
      });
      expect(response.statusCode, method).toBe(401);
      expect(response.json()).toEqual({
        code: 'PSOF0310',
        message: 'Bitte verwenden Sie den Link aus Ihrer E-Mail.',
      });
    }
  });

  it('the holder of a reward link manages the bank data of that reward’s recommender', async () => {
    const ben = await authHeaders(app, 'alpha', BEN);
    const id = (await rewardIds(app, 'alpha', ben)).get('1000000101');
    if (!id) throw new Error('no reward');
    const { token, hash } = newRewardToken();
    expect(hash).toBe(hashRewardToken(token));
    await app.database.kysely
      .updateTable('praemierung')
      .set({ token_hash: hash, token_expires_at: new Date(Date.now() + 86_400_000) })
      .where('id', '=', id)
      .execute();
    const holder = { authorization: `Bearer ${token}` };
    const stored = await put(holder, { IBAN: GERMAN_IBAN, Kontoinhaber: 'Ben Brückner' });
    expect(stored.statusCode).toBe(200);
    // The same data under Ben's login.
    expect((await app.inject({ method: 'GET', url, headers: ben })).json()).toEqual(stored.json());
    // Anna sees none of it.
    const anna = await authHeaders(app, 'alpha', ANNA);
    expect((await app.inject({ method: 'GET', url, headers: anna })).json()).toBeNull();
  });

  it('without ModuleStoringBankdata nothing is stored (403 PSOF0243)', async () => {
    const beta = await authHeaders(app, 'beta', BETA_ANNA);
    const response = await put(
      beta,
      { IBAN: GERMAN_IBAN, Kontoinhaber: 'Anna Betaweg' },
      '/api/v1/beta/empfehler/bankdaten/',
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('PSOF0243');
    // ModuleIBANNurDE is off there, but that changes nothing while storing is off.
    const foreign = await put(
      beta,
      { IBAN: AUSTRIAN_IBAN, Kontoinhaber: 'Anna Betaweg' },
      '/api/v1/beta/empfehler/bankdaten/',
    );
    expect(foreign.json().code).toBe('PSOF0243');
  });
});
