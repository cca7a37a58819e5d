import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgenturMitarbeiterZeile } from '../../schemas/agency.ts';
import { bearer, buildTestApp, databases } from './helpers.ts';
import { invitationTestMandants, seedAgency } from './invitationHelpers.ts';

const API = '/api/v1/alpha';

let counter = 0;
const freshEmail = () => `mitarbeiter${++counter}.${Date.now()}@agentur.example`;

describe.each(databases)('agency staff management on $name', (database) => {
  let app: FastifyInstance;
  let mandants: Awaited<ReturnType<typeof invitationTestMandants>>;
  let agency: Awaited<ReturnType<typeof seedAgency>>;
  let other: Awaited<ReturnType<typeof seedAgency>>;

  beforeAll(async () => {
    mandants = await invitationTestMandants();
    app = await buildTestApp(database, { mandantsDir: mandants.dir });
    agency = await seedAgency(app, 'S-100');
    other = await seedAgency(app, 'T-200');
  });
  afterAll(async () => {
    await app?.close();
    await mandants?.remove();
  });

  const add = (token: string, payload: object, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: `${API}/agentur/mitarbeiter`,
      headers: { ...bearer(token), ...headers },
      payload,
    });
  const setStatus = (token: string, id: string, status: string) =>
    app.inject({
      method: 'PUT',
      url: `${API}/agentur/mitarbeiter/${id}/status`,
      headers: bearer(token),
      payload: { Status: status },
    });
  const invitationData = (token: string) =>
    app.inject({ url: `${API}/Einladung/daten`, headers: bearer(token) });

  it('lets the owner add an employee of the own agency, who gets a mail with the agency login and can sign in', async () => {
    const email = freshEmail();
    const response = await add(agency.owner.token, {
      Name: ' Nina Neu ',
      Email: email.toUpperCase(),
      Mitarbeiternummer: 'S-100-7',
      Rolle: 'employee',
    });
    expect(response.statusCode, response.body).toBe(201);
    const row = response.json<AgenturMitarbeiterZeile>();
    expect(row).toMatchObject({
      Name: 'Nina Neu',
      Email: email,
      Mitarbeiternummer: 'S-100-7',
      Rollen: ['employee'],
      Status: 'active',
    });
    const stored = await app.database.kysely
      .selectFrom('agency_user')
      .select(['agency_id', 'mandant_id', 'password_hash'])
      .where('id', '=', row.Id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ agency_id: agency.id, mandant_id: 'alpha', password_hash: null });

    const mail = (await app.mail.list(100)).find((candidate) => candidate.recipient === email);
    expect(mail?.template).toBe('agencyStaffAdded');
    expect(mail?.text).toContain('Agentur S-100 GmbH');
    expect(mail?.text).toContain('Olga S-100');
    expect(mail?.text).toMatch(/\/de\/agentur\/login/);

    // The new employee works with the invitation tool under their number.
    const token = await app.issueAgencyToken('alpha', email);
    const data = await invitationData(token);
    expect(data.statusCode).toBe(200);
    expect(data.json<{ Mitarbeiternummer: string }>().Mitarbeiternummer).toBe('S-100-7');
  });

  it('adds an owner in the mail’s language the owner asked in', async () => {
    const email = freshEmail();
    const response = await add(
      agency.owner.token,
      { Name: 'Otto Owner', Email: email, Rolle: 'owner' },
      { 'x-accept-language': 'en' },
    );
    expect(response.statusCode).toBe(201);
    expect(response.json<AgenturMitarbeiterZeile>()).toMatchObject({
      Rollen: ['owner'],
      Mitarbeiternummer: null,
    });
    const mail = (await app.mail.list(100)).find((candidate) => candidate.recipient === email);
    expect(mail?.language).toBe('en');
    expect(mail?.text).toMatch(/\/en\/agentur\/login/);
  });

  it('refuses roles without the ability `employees` and callers without an agency token', async () => {
    for (const caller of [agency.employee, agency.inactiveOwner]) {
      const response = await add(caller.token, { Name: 'X', Email: freshEmail(), Rolle: 'employee' });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('PSOF0600');
      const status = await setStatus(caller.token, agency.employee.id, 'inactive');
      expect(status.json().code).toBe('PSOF0600');
    }
    const anonymous = await app.inject({
      method: 'POST',
      url: `${API}/agentur/mitarbeiter`,
      payload: { Name: 'X', Email: freshEmail(), Rolle: 'employee' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('checks the body and refuses a taken e-mail (PSOF0637) or a taken Mitarbeiternummer (PSOF0635)', async () => {
    const cases: [object, number, string][] = [
      [{ Name: 'X', Email: freshEmail() }, 400, 'PSOF0013'],
      [{ Name: 'X', Email: freshEmail(), Rolle: 'placeholder' }, 400, 'PSOF0013'],
      [{ Name: '  ', Email: freshEmail(), Rolle: 'employee' }, 400, 'PSOF0013'],
      [{ Name: 'X', Email: 'kaputt', Rolle: 'employee' }, 422, 'PSOF0302'],
      [{ Name: 'X', Email: agency.employee.email, Rolle: 'employee' }, 409, 'PSOF0637'],
      // Another agency's user has the address: one staff login per address in the mandant.
      [{ Name: 'X', Email: other.owner.email, Rolle: 'employee' }, 409, 'PSOF0637'],
      [{ Name: 'X', Email: freshEmail(), Rolle: 'employee', Mitarbeiternummer: 'S-100-2' }, 422, 'PSOF0635'],
    ];
    for (const [payload, status, code] of cases) {
      const response = await add(agency.owner.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().code).toBe(code);
    }
    // Another agency may use the same Mitarbeiternummer.
    const same = await add(other.owner.token, {
      Name: 'Y',
      Email: freshEmail(),
      Rolle: 'employee',
      Mitarbeiternummer: 'S-100-2',
    });
    expect(same.statusCode).toBe(201);
  });

  it('deactivates a user, whose next call answers 401 PSOF0204, and reactivates them', async () => {
    const email = freshEmail();
    const added = await add(agency.owner.token, { Name: 'Dora Deakt', Email: email, Rolle: 'employee' });
    const id = added.json<AgenturMitarbeiterZeile>().Id;
    const token = await app.issueAgencyToken('alpha', email);
    expect((await invitationData(token)).statusCode).toBe(200);

    const off = await setStatus(agency.owner.token, id, 'inactive');
    expect(off.statusCode).toBe(200);
    expect(off.json<AgenturMitarbeiterZeile>().Status).toBe('inactive');
    const refused = await invitationData(token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('PSOF0204');

    const on = await setStatus(agency.owner.token, id, 'active');
    expect(on.json<AgenturMitarbeiterZeile>().Status).toBe('active');
    expect((await invitationData(token)).statusCode).toBe(200);
  });

  it('refuses deactivating oneself (409 PSOF0636), another agency’s or an unknown user (404 PSOF0601), a bad status or id', async () => {
    const self = await setStatus(agency.owner.token, agency.owner.id, 'inactive');
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('PSOF0636');
    const foreign = await setStatus(agency.owner.token, other.employee.id, 'inactive');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('PSOF0601');
    // The other agency's employee is untouched.
    expect((await invitationData(other.employee.token)).statusCode).toBe(200);
    const unknown = await setStatus(agency.owner.token, '00000000-0000-4000-8000-000000000000', 'inactive');
    expect(unknown.json().code).toBe('PSOF0601');
    expect((await setStatus(agency.owner.token, agency.employee.id, 'blocked')).statusCode).toBe(400);
    expect((await setStatus(agency.owner.token, 'kein-uuid', 'inactive')).statusCode).toBe(400);
  });

  it('documents both staff routes with their access in the OpenAPI document', async () => {
    const docs = (await app.inject({ url: '/api/docs' })).json<{
      paths: Record<string, Record<string, { description?: string }>>;
    }>();
    expect(docs.paths['/api/v1/{mandant}/agentur/mitarbeiter']?.post?.description).toContain(
      'ability "employees"',
    );
    expect(docs.paths['/api/v1/{mandant}/agentur/mitarbeiter/{id}/status']?.put?.description).toContain(
      'ability "employees"',
    );
  });
});
