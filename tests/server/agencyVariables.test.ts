import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANDANTS_DIR } from '../support/server.ts';
import { bearer, buildTestApp, databases } from './helpers.ts';

/**
 * SPEC 7 POST /content/agenturvariables/{id}: the content variables as the agency shows them. The agency's
 * own values (stored with PUT on the same path from the agency area) win over the content's.
 */
describe.each(databases)('agency variables in the content on $name', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database, { mandantsDir: MANDANTS_DIR });
  });
  afterAll(() => app?.close());

  const read = () =>
    app.inject({
      method: 'POST',
      // Content ids are lower-case; the agency number matches whatever the case.
      url: '/api/v1/telko/content/agenturvariables/a-1001',
      payload: { names: ['praemie.festnetz', 'praemie.mobilfunk'] },
    });

  it('lays what the agency stored over the content’s agency values', async () => {
    expect((await read()).json()).toEqual([
      { name: 'praemie.festnetz', value: '80\u00a0€' },
      { name: 'praemie.mobilfunk', value: '50\u00a0€' },
    ]);
    const owner = await app.issueAgencyToken('telko', 'agentur@netzplus.example');
    const stored = await app.inject({
      method: 'PUT',
      url: '/api/v1/telko/content/agenturvariables/A-1001',
      headers: bearer(owner),
      payload: [{ Name: 'praemie.mobilfunk', Value: '55\u00a0€' }],
    });
    expect(stored.statusCode).toBe(200);
    expect((await read()).json()).toEqual([
      { name: 'praemie.festnetz', value: '80\u00a0€' },
      { name: 'praemie.mobilfunk', value: '55\u00a0€' },
    ]);
  });
});
