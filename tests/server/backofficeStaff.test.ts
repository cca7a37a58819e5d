import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANDANTS_DIR } from '../support/server.ts';
import { backofficeToken, insertBackofficeUser } from './backofficeHelpers.ts';
import { bearer, buildTestApp, databases, OTHER_DEMO_MANDANT } from './helpers.ts';

const API = '/api/v1/telko';

describe.each(databases)('back-office staff on $name', (database) => {
  let app: FastifyInstance;
  let admin: Record<string, string>;
  let adminId: string;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, auth = admin) =>
    app.inject({ method, url: `${API}/backoffice/${url}`, headers: auth, ...(payload ? { payload } : {}) });

  async function rowOf(email: string) {
    const page = await call('PUT', 'mitarbeiter/report', { Filter: { Email: email }, Pagesize: 5 });
    expect(page.statusCode).toBe(200);
    return page.json().Content[0];
  }

  beforeAll(async () => {
    app = await buildTestApp(database, { mandantsDir: MANDANTS_DIR });
    await app.mail.worker.stop();
    adminId = await insertBackofficeUser(app, 'telko', {
      email: 'chefin@programm.example',
      roles: ['admin'],
    });
    admin = bearer(await app.sessionTokens.issue('backoffice', 'telko', adminId));
  });
  afterAll(() => app?.close());

  it('invites a member by mail; the link sets the password and the sign-in then sets up TOTP', async () => {
    const invited = await call('POST', 'mitarbeiter', {
      Name: 'Nina Neu',
      Email: 'Nina.Neu@Programm.example',
      Rollen: ['operator', 'viewer'],
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({
      Email: 'nina.neu@programm.example',
      Rollen: ['viewer', 'operator'],
      Status: 'active',
      Anmeldung: 'eingeladen',
    });
    expect(
      (
        await call('POST', 'mitarbeiter', {
          Name: 'X',
          Email: 'nina.neu@programm.example',
          Rollen: ['viewer'],
        })
      ).json().code,
    ).toBe('PSOF0833');
    expect(
      (await call('POST', 'mitarbeiter', { Name: 'X', Email: 'x@programm.example', Rollen: [] })).statusCode,
    ).toBe(400);

    const mail = (await app.mail.list(20)).find((entry) => entry.recipient === 'nina.neu@programm.example');
    expect(mail?.template).toBe('backofficeStaffInvited');
    const token = /\/backoffice\/passwort-setzen\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    if (!token) throw new Error(`no link in ${mail?.text}`);

    const weak = await app.inject({
      method: 'PUT',
      url: `${API}/backoffice/passwortSetzen`,
      payload: { Token: token, Password: 'kurz', PasswordConfirm: 'kurz' },
    });
    expect(weak.statusCode).toBe(422);
    const set = await app.inject({
      method: 'PUT',
      url: `${API}/backoffice/passwortSetzen`,
      payload: { Token: token, Password: 'Programm-Team-2026', PasswordConfirm: 'Programm-Team-2026' },
    });
    expect(set.statusCode).toBe(204);
    const again = await app.inject({
      method: 'PUT',
      url: `${API}/backoffice/passwortSetzen`,
      payload: { Token: token, Password: 'Programm-Team-2026', PasswordConfirm: 'Programm-Team-2026' },
    });
    expect(again.json().code).toBe('PSOF0835');
    const login = await app.inject({
      method: 'POST',
      url: `${API}/backoffice/login`,
      payload: { Email: 'nina.neu@programm.example', Password: 'Programm-Team-2026' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().Schritt).toBe('totpEinrichten');
  });

  it('changes roles and status with a Stand; the admin cannot demote or deactivate themselves', async () => {
    const memberId = await insertBackofficeUser(app, 'telko', {
      email: 'max@programm.example',
      roles: ['viewer'],
    });
    const memberToken = bearer(await app.sessionTokens.issue('backoffice', 'telko', memberId));
    const row = await rowOf('max@programm.example');
    expect(row).toMatchObject({ Id: memberId, Rollen: ['viewer'], Stand: 'active:viewer' });

    const changed = await call('PUT', `mitarbeiter/${memberId}/rollen`, {
      Rollen: ['finance'],
      Stand: row.Stand,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().Rollen).toEqual(['finance']);
    const stale = await call('PUT', `mitarbeiter/${memberId}/rollen`, {
      Rollen: ['admin'],
      Stand: row.Stand,
    });
    expect(stale.json().code).toBe('PSOF0705');

    expect((await call('GET', 'sitzung', undefined, memberToken)).statusCode).toBe(200);
    const off = await call('PUT', `mitarbeiter/${memberId}/status`, {
      Status: 'inactive',
      Stand: changed.json().Stand,
    });
    expect(off.json().Status).toBe('inactive');
    const ended = await call('GET', 'sitzung', undefined, memberToken);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().code).toBe('PSOF0204');
    const on = await call('PUT', `mitarbeiter/${memberId}/status`, {
      Status: 'active',
      Stand: off.json().Stand,
    });
    expect(on.json().Status).toBe('active');

    const self = await rowOf('chefin@programm.example');
    const demote = await call('PUT', `mitarbeiter/${adminId}/rollen`, {
      Rollen: ['viewer'],
      Stand: self.Stand,
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().code).toBe('PSOF0831');
    const deactivate = await call('PUT', `mitarbeiter/${adminId}/status`, {
      Status: 'inactive',
      Stand: self.Stand,
    });
    expect(deactivate.json().code).toBe('PSOF0832');

    // Another mandant's admin gets 404 for this member, and nothing changes.
    const otherMandant = app.mandants.get(OTHER_DEMO_MANDANT)?.id;
    if (!otherMandant) throw new Error('a second mandant is needed');
    const other = bearer(await backofficeToken(app, otherMandant, ['admin']));
    const foreign = await app.inject({
      method: 'PUT',
      url: `/api/v1/${otherMandant}/backoffice/mitarbeiter/${memberId}/status`,
      headers: other,
      payload: { Status: 'inactive', Stand: on.json().Stand },
    });
    expect(foreign.json().code).toBe('PSOF0830');

    const actions = await app.database.kysely
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('mandant_id', '=', 'telko')
      .where('subject_id', '=', memberId)
      .orderBy('id')
      .execute();
    expect(actions.map((entry) => entry.action)).toEqual([
      'staff.rolesChanged',
      'staff.deactivated',
      'staff.reactivated',
    ]);
    expect(actions[0]).toMatchObject({
      before: { Rollen: ['viewer'], Status: 'active' },
      after: { Rollen: ['finance'], Status: 'active' },
    });
  });
});
