import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgenturStammdaten, AgenturVariable } from '../../schemas/agencyAdmin.ts';
import {
  agencyHeaders,
  buildAgencyAdminApp,
  type SeededAgency,
  seedAgency,
  seedStaff,
} from './agencyAdminHelpers.ts';
import { databases } from './helpers.ts';

const IBAN = 'DE89370400440532013000';
const MASKED = 'DE89 **** **** **** **30 00';

const masterData = (changes: Record<string, unknown> = {}) => ({
  Firma: 'Agentur Sonnenschein GmbH',
  Strasse: 'Lindenallee 7',
  Plz: '50667',
  Ort: 'Köln',
  UstId: 'de 123 456 789',
  Steuernummer: '214/5678/9012',
  KontaktName: 'Sabine Sonne',
  KontaktEmail: 'Sabine@Sonnenschein.example',
  KontaktTelefon: '+49 221 123456',
  ...changes,
});

describe.each(databases)('agency master data and variables on $name', (database) => {
  let app: FastifyInstance;
  let agency: SeededAgency;
  let other: SeededAgency;
  let owner: string;
  let inactiveOwner: string;
  let employee: string;
  let otherOwner: string;

  beforeAll(async () => {
    app = await buildAgencyAdminApp(database);
    agency = await seedAgency(app);
    other = await seedAgency(app);
    owner = (await seedStaff(app, agency, ['owner'])).token;
    inactiveOwner = (await seedStaff(app, agency, ['inactiveOwner'])).token;
    employee = (await seedStaff(app, agency, ['employee'])).token;
    otherOwner = (await seedStaff(app, other, ['owner'])).token;
  });
  afterAll(() => app?.close());

  const read = (token: string) =>
    app.inject({ method: 'GET', url: '/api/v1/alpha/agentur/stammdaten', headers: agencyHeaders(token) });
  const write = (token: string, payload: Record<string, unknown>) =>
    app.inject({
      method: 'PUT',
      url: '/api/v1/alpha/agentur/stammdaten',
      headers: agencyHeaders(token),
      payload,
    });
  const storedRow = () =>
    app.database.kysely
      .selectFrom('agency')
      .selectAll()
      .where('id', '=', agency.id)
      .executeTakeFirstOrThrow();

  it('the employee sees the master data (no IBAN yet) but cannot change it (SPEC 6)', async () => {
    const response = await read(employee);
    expect(response.statusCode).toBe(200);
    expect(response.json<AgenturStammdaten>()).toMatchObject({
      Agenturnummer: agency.nummer,
      Strasse: 'Lindenallee 7',
      IBAN: null,
      Kontoinhaber: null,
    });
    const change = await write(employee, masterData());
    expect(change.statusCode).toBe(403);
    expect(change.json().code).toBe('PSOF0600');
  });

  it('the owner stores it with the full IBAN; the answer and every read show it masked', async () => {
    const response = await write(
      owner,
      masterData({ IBAN: 'de89 3704 0044 0532 0130 00', Kontoinhaber: 'Sonnenschein & Co. KG' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const expected = {
      Agenturnummer: agency.nummer,
      Firma: 'Agentur Sonnenschein GmbH',
      UstId: 'DE123456789',
      KontaktEmail: 'sabine@sonnenschein.example',
      IBAN: MASKED,
      Kontoinhaber: 'Sonnenschein & Co. KG',
    };
    expect(response.json()).toMatchObject(expected);
    expect((await read(inactiveOwner)).json()).toMatchObject(expected);
    expect((await read(employee)).json()).toMatchObject(expected);
  });

  it('the IBAN is not readable in the database row: encrypted with the server’s cipher, bound to the mandant', async () => {
    const row = await storedRow();
    const dump = JSON.stringify(row);
    for (const part of [IBAN, '0532013000', '3704 0044', '370400440532']) expect(dump).not.toContain(part);
    expect(row.iban_encrypted).toBeTruthy();
    expect(app.fieldCipher.decrypt(row.iban_encrypted as string, 'alpha:agency')).toBe(IBAN);
    expect(() => app.fieldCipher.decrypt(row.iban_encrypted as string, 'strict:agency')).toThrow();
  });

  it('IBAN null or left out keeps the account; empty removes it', async () => {
    const before = (await storedRow()).iban_encrypted;
    expect((await write(owner, masterData({ Ort: 'Bonn' }))).json()).toMatchObject({
      Ort: 'Bonn',
      IBAN: MASKED,
    });
    expect((await write(inactiveOwner, masterData({ IBAN: null }))).json()).toMatchObject({ IBAN: MASKED });
    expect((await storedRow()).iban_encrypted).toBe(before);
    const removed = await write(owner, masterData({ IBAN: '' }));
    expect(removed.json()).toMatchObject({ IBAN: null, Kontoinhaber: null });
    expect((await storedRow()).iban_encrypted).toBeNull();
  });

  it('an invalid IBAN is 422 PSOF0643 “IBAN ist nicht gültig”; an IBAN without holder 422 PSOF0644', async () => {
    const invalid = await write(owner, masterData({ IBAN: 'DE89370400440532013001', Kontoinhaber: 'Sonne' }));
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toMatchObject({
      code: 'PSOF0643',
      message: 'IBAN ist nicht gültig',
      details: [{ pointer: '/IBAN' }],
    });
    const noHolder = await write(owner, masterData({ IBAN }));
    expect(noHolder.statusCode).toBe(422);
    expect(noHolder.json()).toMatchObject({ code: 'PSOF0644', details: [{ pointer: '/Kontoinhaber' }] });
    expect((await storedRow()).iban_encrypted).toBeNull();
  });

  it('malformed fields are 400 PSOF0013 with a pointer each', async () => {
    for (const [field, value] of [
      ['Firma', ''],
      ['UstId', '123'],
      ['Steuernummer', 'abc'],
      ['KontaktEmail', 'no-mail'],
      ['Plz', '5066777777777'],
      ['KontaktTelefon', 'call me'],
    ] as const) {
      const response = await write(owner, masterData({ [field]: value }));
      expect(response.statusCode, field).toBe(400);
      expect(response.json().code).toBe('PSOF0013');
      expect(
        response.json<{ details: { pointer: string }[] }>().details.map((detail) => detail.pointer),
      ).toContain(`/${field}`);
    }
    // A form leaves out the optional fields left empty: stored as ''.
    const sparse = await write(owner, {
      Firma: 'Agentur Sonnenschein GmbH',
      Strasse: 'Lindenallee 7',
      Plz: '50667',
      Ort: 'Bonn',
    });
    expect(sparse.statusCode, sparse.body).toBe(200);
    expect(sparse.json()).toMatchObject({
      UstId: '',
      Steuernummer: '',
      KontaktEmail: '',
      KontaktTelefon: '',
    });
    await write(owner, masterData());
    const missing = await write(owner, { Firma: 'X' });
    expect(missing.statusCode).toBe(400);
    expect(
      missing.json<{ details: { pointer: string }[] }>().details.map((detail) => detail.pointer),
    ).toContain('/Strasse');
  });

  it('each agency reads and writes only its own row', async () => {
    const theirs = await read(otherOwner);
    expect(theirs.json<AgenturStammdaten>()).toMatchObject({ Agenturnummer: other.nummer, IBAN: null });
    expect(theirs.json<AgenturStammdaten>().Firma).not.toBe('Agentur Sonnenschein GmbH');
    await write(otherOwner, masterData({ Firma: 'Andere Agentur' }));
    expect((await read(owner)).json<AgenturStammdaten>().Firma).toBe('Agentur Sonnenschein GmbH');
  });

  describe('agency variables', () => {
    const put = (token: string, id: string, payload: unknown) =>
      app.inject({
        method: 'PUT',
        url: `/api/v1/alpha/content/agenturvariables/${encodeURIComponent(id)}`,
        headers: agencyHeaders(token),
        payload: payload as Record<string, unknown>,
      });

    it('stores the list (administration: the employee may) and answers it back', async () => {
      const list = [
        { Name: 'Telefon', Value: '0221 123456' },
        { Name: 'Ansprechpartner', Value: 'Sabine Sonne' },
      ];
      const response = await put(employee, agency.nummer, list);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<AgenturVariable[]>()).toEqual([list[1], list[0]]);
      const row = await storedRow();
      expect(row.variables).toEqual({ Telefon: '0221 123456', Ansprechpartner: 'Sabine Sonne' });
      // The list replaces the variables.
      expect((await put(owner, agency.nummer, [])).json()).toEqual([]);
      expect((await storedRow()).variables).toEqual({});
    });

    it('another agency’s number is 404 PSOF0601 and changes nothing', async () => {
      const response = await put(owner, other.nummer, [{ Name: 'X', Value: 'y' }]);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('PSOF0601');
      const theirs = await app.database.kysely
        .selectFrom('agency')
        .select('variables')
        .where('id', '=', other.id)
        .executeTakeFirstOrThrow();
      expect(theirs.variables).toEqual({});
    });

    it('bad input is 400 PSOF0013 with pointers', async () => {
      const badName = await put(owner, agency.nummer, [{ Name: '1 bad', Value: 'x' }]);
      expect(badName.statusCode).toBe(400);
      expect(badName.json()).toMatchObject({ code: 'PSOF0013', details: [{ pointer: '/0/Name' }] });
      const twice = await put(owner, agency.nummer, [
        { Name: 'A', Value: '1' },
        { Name: 'A', Value: '2' },
      ]);
      expect(twice.statusCode).toBe(400);
      expect(twice.json()).toMatchObject({ code: 'PSOF0013', details: [{ pointer: '/1/Name' }] });
      const notAList = await put(owner, agency.nummer, { Name: 'A', Value: '1' });
      expect(notAList.statusCode).toBe(400);
    });
  });
});
