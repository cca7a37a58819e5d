import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecommendationView } from '../../schemas/recommendFormApi.ts';
import { MANDANTS_DIR } from '../support/server.ts';
import { buildTestApp, databases } from './helpers.ts';
import { createAsGuest, recommendBody } from './recommendHelpers.ts';

/** The demo mandants' own data: telko's embedded catalogue (data-driven), versicherung's generic products. */
describe.each(databases)('recommending on the demo mandants on $name', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database, { mandantsDir: MANDANTS_DIR, demoAccounts: false });
  });
  afterAll(() => app?.close());

  it.each([
    ['telko', 601, 'festnetz', 'NetzPlus Internet S'],
    ['telko', 801, 'mobilfunk', 'NetzPlus Mobil M mit Lumera X15 128 GB'],
    ['versicherung', 101, 'generisch', 'Privathaftpflicht'],
  ])('%s product %i (%s)', async (mandant, produkt, quelle, name) => {
    const response = await createAsGuest(
      app,
      mandant,
      recommendBody({
        Empfehlung: { Produkt: produkt },
        Empfehler: { Email: `demo-${produkt}@example.org` },
      }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json<RecommendationView>().Produkt).toEqual({
      Id: String(produkt),
      Name: name,
      Quelle: quelle,
    });
  });

  it('versicherung splits 50:50 by default (RecommenderDefaultShare "50")', async () => {
    const response = await createAsGuest(
      app,
      'versicherung',
      recommendBody({ Empfehlung: { Produkt: 102 }, Empfehler: { Email: 'teilen@example.org' } }),
    );
    expect(response.json<RecommendationView>()).toMatchObject({
      AnteilEmpfehler: 50,
      Praemie: { WertCent: 2500, EmpfehlerCent: 1250, EmpfaengerCent: 1250 },
    });
  });

  it('telko offers its campaign; a telko product is unknown to versicherung', async () => {
    const campaigns = await app.inject({ method: 'GET', url: '/api/v1/telko/aktion/alleAktiven' });
    expect(campaigns.json().map((aktion: { AktionsId: string }) => aktion.AktionsId)).toEqual([
      'fruehjahr-gewinnspiel',
    ]);
    const foreign = await createAsGuest(
      app,
      'versicherung',
      recommendBody({ Empfehlung: { Produkt: 601 }, Empfehler: { Email: 'fremd@example.org' } }),
    );
    expect(foreign.json().code).toBe('PSOF0110');
  });
});
