import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgencyTokenResponse } from '../../schemas/account.ts';
import type { AgenturMitarbeiterZeile } from '../../schemas/agency.ts';
import { bearer, buildTestApp, databases } from './helpers.ts';
import { invitationTestMandants, seedAgency } from './invitationHelpers.ts';

const API = '/api/v1/alpha';
const NEW_PASSWORD = 'Neues-Agentur-Passwort-7';

let client = 0;
const nextClient = () => `10.14.0.${++client}`;

describe.each(databases)('agency staff passwords on $name', (database) => {
  let app: FastifyInstance;
  let mandants: Awaited<ReturnType<typeof invitationTestMandants>>;
  let agency: Awaited<ReturnType<typeof seedAgency>>;

  beforeAll(async () => {
    mandants = await invitationTestMandants();
    app = await buildTestApp(database, { mandantsDir: mandants.dir });
    agency = await seedAgency(app, 'P-300');
  });
  afterAll(async () => {
    await app?.close();
    await mandants?.remove();
  });

  const forgot = (email: string) =>
    app.inject({
      method: 'PUT',
      url: `${API}/agentur/passwortVergessen`,
      payload: { Email: email },
      remoteAddress: nextClient(),
    });
  const setPassword = (token: string, password = NEW_PASSWORD, confirm = password) =>
    app.inject({
      method: 'PUT',
      url: `${API}/agentur/passwortSetzen`,
      payload: { Token: token, Password: password, PasswordConfirm: confirm },
      remoteAddress: nextClient(),
    });
  const changePassword = (token: string, oldPassword: string, password: string) =>
    app.inject({
      method: 'PUT',
      url: `${API}/agentur/passwortAendern`,
      headers: bearer(token),
      payload: { OldPassword: oldPassword, Password: password, PasswordConfirm: password },
    });
  const login = (email: string, password: string) =>
    app.inject({
      method: 'POST',
      url: `${API}/agentur/login`,
      payload: { Email: email, Password: password },
      remoteAddress: nextClient(),
    });
  /** An agency call behind authenticateAgency('any'), and the token check of the runtime's restore. */
  const sessionWorks = async (token: string) => {
    const area = await app.inject({ url: `${API}/Einladung/daten`, headers: bearer(token) });
    const verify = await app.inject({
      url: `${API}/token/verifyAgenturToken?t=${encodeURIComponent(token)}`,
    });
    expect(area.statusCode === 200).toBe(verify.statusCode === 200);
    return area.statusCode === 200;
  };
  const mailsTo = async (email: string) =>
    (await app.mail.list(500)).filter((mail) => mail.recipient === email);
  /** The token of the newest mail to `email` whose link leads to `path` (…/path/{token}). */
  const linkToken = async (email: string, path: string) => {
    const [mail] = await mailsTo(email);
    const match = mail?.text?.match(new RegExp(`/de${path}/([A-Za-z0-9_-]{43})`));
    if (!match?.[1]) throw new Error(`no ${path} link in the mail to ${email}: ${mail?.text}`);
    return match[1];
  };

  it('mails a reset link; the link sets the password, signs in, and ends the sessions before', async () => {
    const { email, token: oldSession } = agency.employee;
    expect(await sessionWorks(oldSession)).toBe(true);
    const asked = await forgot(email.toUpperCase());
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toEqual({ Email: email });
    const [mail] = await mailsTo(email);
    expect(mail?.template).toBe('agencyPasswordReset');
    expect(mail?.text).toContain('Emil P-300');
    const token = await linkToken(email, '/agentur/passwort-zuruecksetzen');

    const set = await setPassword(token);
    expect(set.statusCode, set.body).toBe(200);
    const answer = set.json<AgencyTokenResponse>();
    expect(answer).toMatchObject({ Email: email, Roles: ['employee'], Agentur: { Agenturnummer: 'P-300' } });
    expect(await sessionWorks(answer.Token)).toBe(true);
    expect(await sessionWorks(oldSession)).toBe(false);

    const stored = await app.database.kysely
      .selectFrom('agency_user')
      .select(['password_hash', 'password_changed_at'])
      .where('id', '=', agency.employee.id)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2/);
    expect(stored.password_changed_at).toBeInstanceOf(Date);

    const signedIn = await login(email, NEW_PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);

    // Single use: the same link again is refused like a used recommender link.
    const again = await setPassword(token, 'Noch-Ein-Passwort-8');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'PSOF0209' });
  });

  it('refuses an expired, an unknown and a malformed link with 410 PSOF0201', async () => {
    const { email } = agency.inactiveOwner;
    expect((await forgot(email)).statusCode).toBe(202);
    const token = await linkToken(email, '/agentur/passwort-zuruecksetzen');
    await app.database.kysely
      .updateTable('agency_user_token')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('agency_user_id', '=', agency.inactiveOwner.id)
      .execute();
    for (const dead of [token, 'A'.repeat(43), 'kein-token']) {
      const response = await setPassword(dead);
      expect(response.statusCode, dead).toBe(410);
      expect(response.json()).toMatchObject({ code: 'PSOF0201' });
    }
    // A recommender's link is no agency link either.
    const recommenderToken = await app.accountTokenRepository.create(
      app.database.kysely,
      'alpha',
      (
        await app.database.kysely
          .selectFrom('account')
          .select('id')
          .where('mandant_id', '=', 'alpha')
          .executeTakeFirstOrThrow()
      ).id,
      'reset',
      60,
    );
    expect((await setPassword(recommenderToken)).statusCode).toBe(410);
  });

  it('refuses a weak password and a differing confirmation with the account codes; the link stays usable', async () => {
    const { email } = agency.owner;
    expect((await forgot(email)).statusCode).toBe(202);
    const token = await linkToken(email, '/agentur/passwort-zuruecksetzen');
    const weak = await setPassword(token, 'kurz');
    expect(weak.statusCode).toBe(422);
    expect(weak.json()).toMatchObject({ code: 'PSOF0220' });
    const differs = await setPassword(token, NEW_PASSWORD, `${NEW_PASSWORD}x`);
    expect(differs.statusCode).toBe(422);
    expect(differs.json()).toMatchObject({ code: 'PSOF0221' });
    const set = await setPassword(token);
    expect(set.statusCode, set.body).toBe(200);
  });

  it('answers 202 for an unknown address and a deactivated user, and mails neither', async () => {
    const unknown = 'niemand.p300@agentur.example';
    const response = await forgot(unknown);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ Email: unknown });
    expect(await mailsTo(unknown)).toEqual([]);

    const other = await seedAgency(app, 'P-301');
    await app.database.kysely
      .updateTable('agency_user')
      .set({ status: 'inactive' })
      .where('id', '=', other.employee.id)
      .execute();
    expect((await forgot(other.employee.email)).statusCode).toBe(202);
    expect(await mailsTo(other.employee.email)).toEqual([]);

    const invalid = await forgot('keine-adresse');
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toMatchObject({ code: 'PSOF0302' });
  });

  it('changes the password with the right current one only; other sessions end, the answer’s session works', async () => {
    const team = await seedAgency(app, 'P-302');
    const { email } = team.owner;
    // A first password by the reset link, then a second session by login.
    expect((await forgot(email)).statusCode).toBe(202);
    const first = await setPassword(await linkToken(email, '/agentur/passwort-zuruecksetzen'));
    expect(first.statusCode).toBe(200);
    const loggedIn = await login(email, NEW_PASSWORD);
    expect(loggedIn.statusCode).toBe(200);
    const session = loggedIn.json<AgencyTokenResponse>().Token;
    const otherSession = first.json<AgencyTokenResponse>().Token;

    const wrong = await changePassword(session, 'Falsches-Passwort-1', 'Geaendert-Passwort-2');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 'PSOF0224' });
    const weak = await changePassword(session, NEW_PASSWORD, 'kurz');
    expect(weak.json()).toMatchObject({ code: 'PSOF0220' });
    expect(await sessionWorks(session)).toBe(true);

    const changed = await changePassword(session, NEW_PASSWORD, 'Geaendert-Passwort-2');
    expect(changed.statusCode, changed.body).toBe(200);
    const fresh = changed.json<AgencyTokenResponse>();
    expect(fresh).toMatchObject({ Email: email, Roles: ['owner'] });
    expect(await sessionWorks(fresh.Token)).toBe(true);
    expect(await sessionWorks(session)).toBe(false);
    expect(await sessionWorks(otherSession)).toBe(false);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(401);
    expect((await login(email, 'Geaendert-Passwort-2')).statusCode).toBe(200);

    const anonymous = await app.inject({
      method: 'PUT',
      url: `${API}/agentur/passwortAendern`,
      payload: {
        OldPassword: 'x',
        Password: 'Geaendert-Passwort-3',
        PasswordConfirm: 'Geaendert-Passwort-3',
      },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('gives a new member of staff a welcome link that sets the first password and signs in', async () => {
    const team = await seedAgency(app, 'P-303');
    const email = `neu.p303.${Date.now()}@agentur.example`;
    const added = await app.inject({
      method: 'POST',
      url: `${API}/agentur/mitarbeiter`,
      headers: bearer(team.owner.token),
      payload: { Name: 'Nora Neu', Email: email, Rolle: 'employee' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const [mail] = await mailsTo(email);
    expect(mail?.template).toBe('agencyStaffAdded');
    expect(mail?.text).toMatch(/\/de\/agentur\/login/);
    const token = await linkToken(email, '/agentur/passwort-setzen');
    const set = await setPassword(token);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<AgencyTokenResponse>()).toMatchObject({ Email: email, Name: 'Nora Neu' });
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
    expect(added.json<AgenturMitarbeiterZeile>().Email).toBe(email);
  });
});
