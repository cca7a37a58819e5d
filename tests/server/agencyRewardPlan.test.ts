import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PraemienplanEintrag } from '../../schemas/agencyAdmin.ts';
import {
  agencyHeaders,
  buildAgencyAdminApp,
  type SeededAgency,
  seedAgency,
  seedStaff,
} from './agencyAdminHelpers.ts';
import { databases } from './helpers.ts';

describe.each(databases)('agency reward plan on $name', (database) => {
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

  const list = (token: string) =>
    app.inject({ method: 'GET', url: '/api/v1/alpha/agentur/praemienplan', headers: agencyHeaders(token) });
  const add = (token: string, payload: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/alpha/agentur/praemienplan',
      headers: agencyHeaders(token),
      payload,
    });
  const remove = (token: string, id: string) =>
    app.inject({
      method: 'DELETE',
      url: `/api/v1/alpha/agentur/praemienplan/${id}`,
      headers: agencyHeaders(token),
    });

  it('the owner adds an entry; the list names the product from the catalogue', async () => {
    const response = await add(owner, { ProduktId: '101', ProvisionCent: 2500, GueltigAb: '2026-01-01' });
    expect(response.statusCode, response.body).toBe(201);
    const entry = response.json<PraemienplanEintrag>();
    expect(entry).toMatchObject({
      ProduktId: '101',
      Produkt: 'Hausratversicherung',
      ProvisionCent: 2500,
      GueltigAb: '2026-01-01',
      GueltigBis: null,
    });
    const listed = await list(owner);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([entry]);
  });

  it('the inactive owner adds (by ExterneId, numbers accepted) and deletes', async () => {
    const byExternal = await add(inactiveOwner, {
      ProduktId: 'A-101',
      ProvisionCent: 100,
      GueltigAb: '2025-01-01',
      GueltigBis: '2025-12-31',
    });
    expect(byExternal.statusCode, byExternal.body).toBe(201);
    expect(byExternal.json<PraemienplanEintrag>().Produkt).toBe('Hausratversicherung');
    const byNumber = await add(inactiveOwner, { ProduktId: 102, ProvisionCent: 0, GueltigAb: '2026-03-01' });
    expect(byNumber.statusCode, byNumber.body).toBe(201);
    const deleted = await remove(inactiveOwner, byNumber.json<PraemienplanEintrag>().Id);
    expect(deleted.statusCode).toBe(204);
    const ids = (await list(inactiveOwner)).json<PraemienplanEintrag[]>().map((entry) => entry.Id);
    expect(ids).not.toContain(byNumber.json<PraemienplanEintrag>().Id);
    expect(ids).toContain(byExternal.json<PraemienplanEintrag>().Id);
  });

  it('the employee sees the plan but can neither add nor delete (SPEC 6)', async () => {
    const listed = await list(employee);
    expect(listed.statusCode).toBe(200);
    expect(listed.json<PraemienplanEintrag[]>().length).toBeGreaterThan(0);
    const added = await add(employee, { ProduktId: '102', ProvisionCent: 1, GueltigAb: '2030-01-01' });
    expect(added.statusCode).toBe(403);
    expect(added.json().code).toBe('PSOF0600');
    const id = listed.json<PraemienplanEintrag[]>()[0]?.Id ?? '';
    const deleted = await remove(employee, id);
    expect(deleted.statusCode).toBe(403);
    expect(deleted.json().code).toBe('PSOF0600');
  });

  it('an unknown product is 422 PSOF0640', async () => {
    const response = await add(owner, { ProduktId: '999', ProvisionCent: 1, GueltigAb: '2026-01-01' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'PSOF0640', details: [{ pointer: '/ProduktId' }] });
  });

  it('an overlapping period of the same product is 409 PSOF0641; a separate one and another product are fine', async () => {
    // 101 has [2026-01-01, open) and [2025-01-01, 2025-12-31].
    for (const period of [
      { GueltigAb: '2027-06-01' },
      { GueltigAb: '2024-01-01', GueltigBis: '2025-01-01' },
      { GueltigAb: '2025-12-31', GueltigBis: '2025-12-31' },
    ]) {
      const response = await add(owner, { ProduktId: '101', ProvisionCent: 1, ...period });
      expect(response.statusCode, JSON.stringify(period)).toBe(409);
      expect(response.json().code).toBe('PSOF0641');
    }
    const before = await add(owner, {
      ProduktId: '101',
      ProvisionCent: 1,
      GueltigAb: '2024-01-01',
      GueltigBis: '2024-12-31',
    });
    expect(before.statusCode, before.body).toBe(201);
    // Another agency's plan is its own: the same product and period do not collide.
    const elsewhere = await add(otherOwner, { ProduktId: '101', ProvisionCent: 9, GueltigAb: '2026-01-01' });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('bad input: 400 PSOF0013 with pointers, an end before the start 422 PSOF0642', async () => {
    const malformed = await add(owner, { ProduktId: '101', ProvisionCent: -1, GueltigAb: '1.1.2026' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('PSOF0013');
    const pointers = malformed
      .json<{ details: { pointer: string }[] }>()
      .details.map((detail) => detail.pointer);
    expect(pointers.length).toBeGreaterThan(0);
    const impossible = await add(owner, { ProduktId: '102', ProvisionCent: 1, GueltigAb: '2026-02-30' });
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json().details).toEqual([{ pointer: '/GueltigAb', reason: 'not a calendar day' }]);
    const reversed = await add(owner, {
      ProduktId: '102',
      ProvisionCent: 1,
      GueltigAb: '2026-02-01',
      GueltigBis: '2026-01-31',
    });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().code).toBe('PSOF0642');
  });

  it('another agency never sees nor deletes the entries: 404 PSOF0601', async () => {
    const mine = (await list(owner)).json<PraemienplanEintrag[]>();
    const theirs = (await list(otherOwner)).json<PraemienplanEintrag[]>();
    expect(theirs).toHaveLength(1);
    expect(mine.map((entry) => entry.Id)).not.toContain(theirs[0]?.Id);
    const target = mine[0]?.Id ?? '';
    const response = await remove(otherOwner, target);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('PSOF0601');
    expect((await list(owner)).json<PraemienplanEintrag[]>().map((entry) => entry.Id)).toContain(target);
    const garbage = await remove(owner, 'not-a-uuid');
    expect(garbage.statusCode).toBe(404);
  });

  it('without an agency token: 401', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/alpha/agentur/praemienplan' });
    expect(response.statusCode).toBe(401);
  });

  it('documents the access rule of every administration route (reward plan, master data, variables, invoices, statistics)', async () => {
    const spec = (await app.inject({ url: '/api/docs' })).json<{
      paths: Record<string, Record<string, { description?: string }>>;
    }>();
    const paths = Object.entries(spec.paths).filter(([path]) =>
      /agentur\/(praemienplan|stammdaten|rechnungen|statistik)|content\/agenturvariables/.test(path),
    );
    const operations = paths.flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => method !== 'post' || !path.includes('agenturvariables'))
        .map(([method, operation]) => [`${method} ${path}`, operation.description] as const),
    );
    expect(operations.length).toBe(10);
    for (const [name, description] of operations) expect(description, name).toMatch(/^Access: /);
  });
});
