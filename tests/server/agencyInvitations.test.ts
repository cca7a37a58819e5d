import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse } from '../../schemas/account.ts';
import type { AgenturEinladungZeile, EinladungAnsicht, EinladungDaten } from '../../schemas/agency.ts';
import { INVITATION_LIMITS } from '../../server/agency/invitations/invitationService.ts';
import { bearer, buildTestApp, databases } from './helpers.ts';
import { invitationTestMandants, seedAgency } from './invitationHelpers.ts';
import { freshAddress, recommendBody, solvedCaptcha } from './recommendHelpers.ts';

const API = '/api/v1/alpha';
const GOOD = 'Freundschaft7Werben';

let counter = 0;
const freshEmail = () => `kunde${++counter}.${Date.now()}@kunden.example`;

describe.each(databases)('agency invitations on $name', (database) => {
  let app: FastifyInstance;
  let mandants: Awaited<ReturnType<typeof invitationTestMandants>>;
  let agency: Awaited<ReturnType<typeof seedAgency>>;
  let other: Awaited<ReturnType<typeof seedAgency>>;

  beforeAll(async () => {
    mandants = await invitationTestMandants();
    app = await buildTestApp(database, { mandantsDir: mandants.dir });
    agency = await seedAgency(app, 'A-100');
    other = await seedAgency(app, 'B-200');
  });
  afterAll(async () => {
    await app?.close();
    await mandants?.remove();
  });

  const invite = (token: string | null, payload?: object, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'PUT',
      url: `${API}/Einladung`,
      headers: { ...(token ? bearer(token) : {}), ...headers },
      ...(payload ? { payload } : {}),
    });
  const body = (email = freshEmail(), extra: object = {}) => ({
    Vorname: 'Karla',
    Nachname: 'Kundin',
    Email: email,
    Art: 'VorOrt',
    ...extra,
  });
  const view = (token: string) =>
    app.inject({ method: 'GET', url: `${API}/Einladung/${token}`, remoteAddress: freshAddress() });
  const registerWith = (token: string, payload: object) =>
    app.inject({
      method: 'POST',
      url: `${API}/Einladung/${token}/registrieren`,
      payload,
      remoteAddress: freshAddress(),
    });
  const goodRegistration = { Password: GOOD, PasswordConfirm: GOOD, Agb: true };

  /** The invitation mail in the outbox, and the token of its link. */
  async function mailedToken(email: string): Promise<{ text: string; token: string; language: string }> {
    const mail = (await app.mail.list(200)).find((candidate) => candidate.recipient === email);
    if (!mail?.text) throw new Error(`no mail to ${email}`);
    const link = mail.text.match(/https?:\/\/\S+\/einladung\/(\S+)/);
    if (!link?.[1]) throw new Error(`no invitation link in ${mail.text}`);
    return { text: mail.text, token: decodeURIComponent(link[1]), language: mail.language };
  }

  it('runs the whole path: invite → mail with the link → greeting → registration → attributed account and recommendation', async () => {
    const email = freshEmail();
    const sent = await invite(agency.employee.token, body(email, { Vorname: 'Karla', Art: 'Telefonisch' }));
    expect(sent.statusCode, sent.body).toBe(201);
    const row = sent.json<AgenturEinladungZeile>();
    expect(row).toMatchObject({
      Email: email,
      Art: 'Telefonisch',
      Status: 'Versendet',
      Mitarbeiter: 'Emil A-100',
    });

    const mail = await mailedToken(email);
    expect(mail.text).toContain('Agentur A-100 GmbH');
    expect(mail.text).toMatch(/\/de\/einladung\/[A-Za-z0-9_-]{43}/);
    // Only the token's SHA-256 is stored.
    const stored = await app.database.kysely
      .selectFrom('agency_invitation')
      .selectAll()
      .where('id', '=', row.Id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(mail.token);
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.agency_user_id).toBe(agency.employee.id);

    const greeting = await view(mail.token);
    expect(greeting.statusCode).toBe(200);
    expect(greeting.json<EinladungAnsicht>()).toEqual({
      Vorname: 'Karla',
      Nachname: 'Kundin',
      Email: email,
      Agentur: 'Agentur A-100 GmbH',
    });

    const registered = await registerWith(mail.token, goodRegistration);
    expect(registered.statusCode, registered.body).toBe(200);
    const loginAnswer = registered.json<LoginResponse>();
    expect(loginAnswer).toMatchObject({ Email: email, Vorname: 'Karla', Nachname: 'Kundin' });
    // The answer is a session: the account's own call accepts it.
    const user = await app.inject({ url: `${API}/account/user`, headers: bearer(loginAnswer.Token) });
    expect(user.statusCode).toBe(200);
    // And the password works for a normal login.
    const login = await app.inject({
      method: 'POST',
      url: `${API}/account/login`,
      payload: { Email: email, Password: GOOD },
      remoteAddress: freshAddress(),
    });
    expect(login.statusCode).toBe(200);

    const account = await app.database.kysely
      .selectFrom('account')
      .select(['id', 'agency_id', 'agency_user_id'])
      .where('mandant_id', '=', 'alpha')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({ agency_id: agency.id, agency_user_id: agency.employee.id });
    const invitation = await app.database.kysely
      .selectFrom('agency_invitation')
      .select(['status', 'account_id', 'registered_at'])
      .where('id', '=', row.Id)
      .executeTakeFirstOrThrow();
    expect(invitation).toMatchObject({ status: 'Registriert', account_id: account.id });
    expect(invitation.registered_at).not.toBeNull();

    // A recommendation the new recommender makes belongs to the agency (the trigger of migration 0011).
    const recommendation = await app.inject({
      method: 'POST',
      url: `${API}/Empfehlen/create`,
      headers: bearer(loginAnswer.Token),
      payload: recommendBody({ Empfehler: { Vorname: 'Karla', Nachname: 'Kundin', Email: email } }),
      remoteAddress: freshAddress(),
    });
    expect(recommendation.statusCode, recommendation.body).toBe(201);
    const nummer = recommendation.json<{ Empfehlungsnummer: string }>().Empfehlungsnummer;
    const attributed = await app.database.kysely
      .selectFrom('recommendation')
      .select(['agency_id', 'agency_user_id', 'account_id'])
      .where('mandant_id', '=', 'alpha')
      .where('empfehlungsnummer', '=', nummer)
      .executeTakeFirstOrThrow();
    expect(attributed).toEqual({
      agency_id: agency.id,
      agency_user_id: agency.employee.id,
      account_id: account.id,
    });

    // The link is single use.
    const again = await registerWith(mail.token, goodRegistration);
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe('PSOF0634');
    expect((await view(mail.token)).json().code).toBe('PSOF0634');
  });

  it('writes the mail in the inviting user’s language and attributes to the colleague a Mitarbeiternummer names', async () => {
    const email = freshEmail();
    const sent = await invite(agency.owner.token, body(email, { Mitarbeiternummer: 'A-100-2' }), {
      'x-accept-language': 'en',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json<AgenturEinladungZeile>().Mitarbeiter).toBe('Emil A-100');
    const mail = await mailedToken(email);
    expect(mail.language).toBe('en');
    expect(mail.text).toMatch(/\/en\/einladung\//);
    expect(mail.text).toContain('invites you');

    const unknown = await invite(agency.owner.token, body(freshEmail(), { Mitarbeiternummer: 'B-200-2' }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().code).toBe('PSOF0635');
  });

  it('answers the form data: own Mitarbeiternummer, the kinds, the agency and the captcha need', async () => {
    const response = await app.inject({
      url: `${API}/Einladung/daten`,
      headers: bearer(agency.employee.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<EinladungDaten>()).toEqual({
      Mitarbeiternummer: 'A-100-2',
      Arten: ['VorOrt', 'Telefonisch'],
      Agentur: { Agenturnummer: 'A-100', Firma: 'Agentur A-100 GmbH' },
      CaptchaErforderlich: false,
    });
  });

  it('refuses callers without the ability or without an agency token', async () => {
    // The inactive owner has no invitation tool (SPEC 6).
    const inactive = await invite(agency.inactiveOwner.token, body());
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json().code).toBe('PSOF0600');
    const data = await app.inject({
      url: `${API}/Einladung/daten`,
      headers: bearer(agency.inactiveOwner.token),
    });
    expect(data.json().code).toBe('PSOF0600');
    const anonymous = await invite(null, body());
    expect(anonymous.statusCode).toBe(401);
    expect((await invite('not-a-token', body())).json().code).toBe('PSOF0204');
  });

  it('checks the body: shape 400, a bad e-mail 422, an address barred by wildcard 403, names that are blank', async () => {
    const cases: [object, number, string][] = [
      [{ Vorname: 'Karla' }, 400, 'PSOF0013'],
      [body(freshEmail(), { Vorname: '   ' }), 400, 'PSOF0013'],
      [body(freshEmail(), { Art: 'Brief' }), 400, 'PSOF0013'],
      [body('keine-adresse'), 422, 'PSOF0302'],
      [body('lea@staff.alpha.example'), 403, 'PSOF0206'],
      [['a'], 400, 'PSOF0013'],
    ];
    for (const [payload, status, code] of cases) {
      const response = await invite(agency.employee.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().code).toBe(code);
    }
    const missing = await invite(agency.employee.token, { Vorname: 'Karla' });
    const pointers = missing
      .json<{ details: { pointer: string }[] }>()
      .details.map((detail) => detail.pointer);
    expect(pointers).toEqual(expect.arrayContaining(['/Nachname', '/Email', '/Art']));
  });

  it('refuses an address with an account (PSOF0630) or an open invitation (PSOF0631), also in another agency', async () => {
    const registered = freshEmail();
    await app.database.kysely
      .insertInto('account')
      .values({
        mandant_id: 'alpha',
        email: registered,
        password_hash: null,
        vorname: 'Schon',
        nachname: 'Dabei',
        empfehler_hash: `d${Date.now()}`,
        language: 'de',
      })
      .execute();
    const withAccount = await invite(agency.employee.token, body(` ${registered.toUpperCase()} `));
    expect(withAccount.statusCode).toBe(409);
    expect(withAccount.json().code).toBe('PSOF0630');
    const email = freshEmail();
    expect((await invite(agency.employee.token, body(email))).statusCode).toBe(201);
    const twice = await invite(other.employee.token, body(email.toUpperCase()));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('PSOF0631');
    // Once the first invitation has expired, the address may be invited again.
    await app.database.kysely
      .updateTable('agency_invitation')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', email)
      .execute();
    expect((await invite(other.employee.token, body(email))).statusCode).toBe(201);
  });

  it('an invited address that registered by itself meanwhile answers 409 PSOF0630 and stays unattributed', async () => {
    const email = freshEmail();
    expect((await invite(agency.employee.token, body(email))).statusCode).toBe(201);
    const { token } = await mailedToken(email);
    await app.database.kysely
      .insertInto('account')
      .values({
        mandant_id: 'alpha',
        email,
        password_hash: null,
        vorname: 'Selbst',
        nachname: 'Registriert',
        empfehler_hash: `h${Date.now()}`,
        language: 'de',
      })
      .execute();
    const response = await registerWith(token, goodRegistration);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('PSOF0630');
    const account = await app.database.kysely
      .selectFrom('account')
      .select(['agency_id', 'password_hash'])
      .where('mandant_id', '=', 'alpha')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(account).toEqual({ agency_id: null, password_hash: null });
  });

  it('refuses the registration of an address the programme bars since it was invited (403 PSOF0206)', async () => {
    const token = randomBytes(32).toString('base64url');
    await app.database.kysely
      .insertInto('agency_invitation')
      .values({
        mandant_id: 'alpha',
        agency_id: agency.id,
        agency_user_id: agency.employee.id,
        vorname: 'Lea',
        nachname: 'Lang',
        email: 'lea@staff.alpha.example',
        art: 'VorOrt',
        token_hash: createHash('sha256').update(token).digest('hex'),
        expires_at: new Date(Date.now() + 86_400_000),
      })
      .execute();
    expect((await view(token)).statusCode).toBe(200);
    const response = await registerWith(token, goodRegistration);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('PSOF0206');
  });

  it('lets exactly one of two simultaneous invitations of an address, and of two registrations with a link, win', async () => {
    const email = freshEmail();
    const invitations = await Promise.all([
      invite(agency.employee.token, body(email)),
      invite(other.employee.token, body(email)),
    ]);
    expect(invitations.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const { token } = await mailedToken(email);
    const registrations = await Promise.all([
      registerWith(token, goodRegistration),
      registerWith(token, goodRegistration),
    ]);
    expect(registrations.map((response) => response.statusCode).sort()).toEqual([200, 410]);
    expect(registrations.find((response) => response.statusCode === 410)?.json().code).toBe('PSOF0634');
    const accounts = await app.database.kysely
      .selectFrom('account')
      .select('id')
      .where('mandant_id', '=', 'alpha')
      .where('email', '=', email)
      .execute();
    expect(accounts).toHaveLength(1);
  });

  it('limits invitations per agency user and hour (429 PSOF0016 with Retry-After), refused ones included', async () => {
    const busy = await seedAgency(app, 'D-400');
    const email = freshEmail();
    expect((await invite(busy.employee.token, body(email))).statusCode).toBe(201);
    for (let attempt = 1; attempt < INVITATION_LIMITS.perUserPerHour.limit; attempt++) {
      expect((await invite(busy.employee.token, body(email))).statusCode).toBe(409);
    }
    const limited = await invite(busy.employee.token, body(freshEmail()));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('PSOF0016');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // A colleague has a budget of their own.
    expect((await invite(busy.owner.token, body(freshEmail()))).statusCode).toBe(201);
  });

  it('asks for a captcha after many invitations within the hour and checks it', async () => {
    const fresh = await seedAgency(app, 'C-300');
    const precheck = async () =>
      (await invite(fresh.employee.token)).json<{ CaptchaErforderlich: boolean }>();
    expect(await precheck()).toEqual({ CaptchaErforderlich: false });
    await app.database.kysely
      .insertInto('agency_invitation')
      .values(
        Array.from({ length: INVITATION_LIMITS.captchaAfterPerHour }, (_, index) => ({
          mandant_id: 'alpha',
          agency_id: fresh.id,
          agency_user_id: fresh.employee.id,
          vorname: 'Viele',
          nachname: `Nummer ${index}`,
          email: `viele${index}.${Date.now()}@kunden.example`,
          art: 'VorOrt' as const,
          token_hash: `${String(index).padStart(4, '0')}${fresh.id}`.padEnd(64, '0'),
          expires_at: new Date(Date.now() + 86_400_000),
        })),
      )
      .execute();
    expect(await precheck()).toEqual({ CaptchaErforderlich: true });
    const without = await invite(fresh.employee.token, body());
    expect(without.statusCode).toBe(422);
    expect(without.json().code).toBe('PSOF0307');
    const wrong = await invite(fresh.employee.token, body(freshEmail(), { Captcha: 'Zm9v' }));
    expect(wrong.json().code).toBe('PSOF0308');
    const solved = await invite(
      fresh.employee.token,
      body(freshEmail(), { Captcha: await solvedCaptcha(app, 'alpha') }),
    );
    expect(solved.statusCode, solved.body).toBe(201);
  });

  it('answers unknown 404 PSOF0632 and expired 410 PSOF0633 links, and keeps a refused registration’s link usable', async () => {
    const unknown = await view('A'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('PSOF0632');
    expect((await view('kurz')).json().code).toBe('PSOF0632');

    const email = freshEmail();
    expect((await invite(agency.employee.token, body(email))).statusCode).toBe(201);
    const { token } = await mailedToken(email);
    const weak = await registerWith(token, { Password: 'kurz', PasswordConfirm: 'kurz', Agb: true });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().code).toBe('PSOF0220');
    const mismatch = await registerWith(token, { Password: GOOD, PasswordConfirm: `${GOOD}x`, Agb: true });
    expect(mismatch.json().code).toBe('PSOF0221');
    const noTerms = await registerWith(token, { ...goodRegistration, Agb: false });
    expect(noTerms.statusCode).toBe(422);
    expect(noTerms.json().code).toBe('PSOF0304');
    const shape = await registerWith(token, { Password: GOOD });
    expect(shape.statusCode).toBe(400);
    // None of these used the link.
    expect((await view(token)).statusCode).toBe(200);

    await app.database.kysely
      .updateTable('agency_invitation')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', email)
      .execute();
    const expired = await view(token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('PSOF0633');
    const late = await registerWith(token, goodRegistration);
    expect(late.json().code).toBe('PSOF0633');
    const account = await app.database.kysely
      .selectFrom('account')
      .select('id')
      .where('mandant_id', '=', 'alpha')
      .where('email', '=', email)
      .executeTakeFirst();
    expect(account).toBeUndefined();
  });

  it('documents every invitation route with its access in the OpenAPI document', async () => {
    const docs = (await app.inject({ url: '/api/docs' })).json<{
      paths: Record<string, Record<string, { description?: string }>>;
    }>();
    const described = (route: string, method: string) => docs.paths[route]?.[method]?.description ?? '';
    expect(described('/api/v1/{mandant}/Einladung', 'put')).toContain('ability "invitations"');
    expect(described('/api/v1/{mandant}/Einladung/daten', 'get')).toContain('ability "invitations"');
    expect(described('/api/v1/{mandant}/Einladung/{token}', 'get')).toContain('Access: public');
    expect(described('/api/v1/{mandant}/Einladung/{token}/registrieren', 'post')).toContain('Access: public');
  });
});
