import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgenturStatistik } from '../../schemas/agencyAdmin.ts';
import {
  agencyHeaders,
  buildAgencyAdminApp,
  type SeededAgency,
  seedAgency,
  seedOrder,
  seedRecommendation,
  seedStaff,
} from './agencyAdminHelpers.ts';
import { databases } from './helpers.ts';

describe.each(databases)('agency statistics on $name', (database) => {
  let app: FastifyInstance;
  let agency: SeededAgency;
  let other: SeededAgency;
  let owner: string;
  let employee: string;
  let inactiveOwner: string;

  async function invitation(of: SeededAgency, createdAt: string) {
    await app.database.kysely
      .insertInto('agency_invitation')
      .values({
        mandant_id: of.mandantId,
        agency_id: of.id,
        vorname: 'Karl',
        nachname: 'Kunde',
        email: `kunde-${randomBytes(4).toString('hex')}@kunde.example`,
        art: 'VorOrt',
        token_hash: randomBytes(32).toString('hex'),
        expires_at: new Date(Date.parse(createdAt) + 14 * 86_400_000),
        created_at: createdAt,
      })
      .execute();
  }

  beforeAll(async () => {
    app = await buildAgencyAdminApp(database);
    agency = await seedAgency(app);
    other = await seedAgency(app);
    owner = (await seedStaff(app, agency, ['owner'])).token;
    employee = (await seedStaff(app, agency, ['employee'])).token;
    inactiveOwner = (await seedStaff(app, agency, ['inactiveOwner'])).token;

    // 31 March 22:30 UTC is 1 April 00:30 in Berlin (summer time): April's.
    await invitation(agency, '2026-03-31T22:30:00Z');
    await invitation(agency, '2026-03-02T10:00:00Z');
    await invitation(agency, '2026-03-02T18:00:00Z');
    await seedRecommendation(app, agency, '101', '2026-03-02T11:00:00Z');
    await seedRecommendation(app, agency, '101', '2026-04-01T09:00:00Z');
    // 31 March 21:59 UTC is still 31 March in Berlin.
    await seedRecommendation(app, agency, '101', '2026-03-31T21:59:00Z');
    // An order makes a recommendation too: created now, outside every range below.
    await seedOrder(app, agency, { orderDate: '2026-04-15' });
    await seedOrder(app, agency, { orderDate: '2026-05-02' });
    // Another agency's rows in the same days: never counted.
    await invitation(other, '2026-03-02T10:00:00Z');
    await seedRecommendation(app, other, '101', '2026-03-02T11:00:00Z');
    await seedOrder(app, other, { orderDate: '2026-04-15' });
  });
  afterAll(() => app?.close());

  const statistics = (token: string, query: string) =>
    app.inject({
      method: 'GET',
      url: `/api/v1/alpha/agentur/statistik?${query}`,
      headers: agencyHeaders(token),
    });

  it('per Berlin day for ranges up to 62 days, every day present', async () => {
    const response = await statistics(owner, 'von=2026-03-01&bis=2026-05-01');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<AgenturStatistik>();
    expect(body.Intervall).toBe('Tag');
    expect(body.Punkte).toHaveLength(62);
    expect(body.Punkte[0]?.Datum).toBe('2026-03-01');
    expect(body.Punkte.at(-1)?.Datum).toBe('2026-05-01');
    const day = (datum: string) => body.Punkte.find((point) => point.Datum === datum);
    expect(day('2026-03-02')).toEqual({ Datum: '2026-03-02', Einladungen: 2, Empfehlungen: 1, Auftraege: 0 });
    expect(day('2026-03-31')).toEqual({ Datum: '2026-03-31', Einladungen: 0, Empfehlungen: 1, Auftraege: 0 });
    expect(day('2026-04-01')).toEqual({ Datum: '2026-04-01', Einladungen: 1, Empfehlungen: 1, Auftraege: 0 });
    expect(day('2026-04-15')).toEqual({ Datum: '2026-04-15', Einladungen: 0, Empfehlungen: 0, Auftraege: 1 });
    const sum = body.Punkte.reduce(
      (total, point) => total + point.Einladungen + point.Empfehlungen + point.Auftraege,
      0,
    );
    expect(sum).toBe(3 + 3 + 1);
  });

  it('per month beyond 62 days, the months the range touches', async () => {
    const response = await statistics(employee, 'von=2026-03-01&bis=2026-05-02');
    expect(response.statusCode).toBe(200);
    expect(response.json<AgenturStatistik>()).toEqual({
      Intervall: 'Monat',
      Punkte: [
        { Datum: '2026-03', Einladungen: 2, Empfehlungen: 2, Auftraege: 0 },
        { Datum: '2026-04', Einladungen: 1, Empfehlungen: 1, Auftraege: 1 },
        { Datum: '2026-05', Einladungen: 0, Empfehlungen: 0, Auftraege: 1 },
      ],
    });
  });

  it('three years at most: 36 months are fine, a day more is 400 PSOF0649', async () => {
    const longest = await statistics(inactiveOwner, 'von=2023-06-01&bis=2026-05-31');
    expect(longest.statusCode).toBe(200);
    expect(longest.json<AgenturStatistik>().Punkte).toHaveLength(36);
    const tooLong = await statistics(owner, 'von=2023-06-01&bis=2026-06-01');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: 'PSOF0649', details: [{ pointer: '/querystring/bis' }] });
  });

  it('bad ranges are 400 with pointers', async () => {
    const reversed = await statistics(owner, 'von=2026-05-01&bis=2026-04-30');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().code).toBe('PSOF0649');
    const impossible = await statistics(owner, 'von=2026-02-30&bis=2026-03-01');
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json()).toMatchObject({ code: 'PSOF0649', details: [{ pointer: '/querystring/von' }] });
    const missing = await statistics(owner, 'von=2026-05-01');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('PSOF0013');
    const malformed = await statistics(owner, 'von=1.5.2026&bis=2026-05-02');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('PSOF0013');
  });

  it('another agency sees only its own rows', async () => {
    const token = (await seedStaff(app, other, ['employee'])).token;
    const response = await statistics(token, 'von=2026-03-01&bis=2026-05-02');
    expect(response.json<AgenturStatistik>().Punkte).toEqual([
      { Datum: '2026-03', Einladungen: 1, Empfehlungen: 1, Auftraege: 0 },
      { Datum: '2026-04', Einladungen: 0, Empfehlungen: 0, Auftraege: 1 },
      { Datum: '2026-05', Einladungen: 0, Empfehlungen: 0, Auftraege: 0 },
    ]);
  });

  it('a role without the statistics ability is refused (403 PSOF0600); no token 401', async () => {
    const placeholder = (await seedStaff(app, agency, ['placeholder'])).token;
    const refused = await statistics(placeholder, 'von=2026-03-01&bis=2026-03-31');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PSOF0600');
    const anonymous = await app.inject({
      method: 'GET',
      url: '/api/v1/alpha/agentur/statistik?von=2026-03-01&bis=2026-03-31',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
