import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD_RULES } from '../../domain/password.ts';
import type { LoginResponse, ValidateResetPasswordResponse } from '../../schemas/account.ts';
import { ERRORS } from '../../schemas/errors.ts';
import { type ReceivedMail, type SmtpStandIn, startSmtpServer } from '../support/smtpServer.ts';
import { accountTestMandants } from './accountLifecycleMandants.ts';
import { bearer, buildTestApp, databases } from './helpers.ts';

/** The fixture mandant alpha (accountLifecycleMandants.ts): pages on alpha.localhost, configured host empfehlen.alpha.example. */
const HOST = 'alpha.localhost:8080';
const API = '/api/v1/alpha';
const GOOD = 'Freundschaft7Werben';

let counter = 0;
/** A fresh address per test, so that the per-address rate limits of one test never touch another. */
const freshEmail = () => `person${++counter}.${Date.now()}@lifecycle.example`;

describe.each(databases)('account lifecycle on $name', (database) => {
  let app: FastifyInstance;
  let smtp: SmtpStandIn;
  let mandants: Awaited<ReturnType<typeof accountTestMandants>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    mandants = await accountTestMandants();
    app = await buildTestApp(database, { mandantsDir: mandants.dir, smtpUrl: smtp.url, demoAccounts: false });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await mandants?.remove();
  });
  // Each test comes from its own address: the per-client limits of one test never touch another.
  let client = '';
  beforeEach(() => {
    smtp.reset();
    client = `10.0.${Math.floor(counter / 250)}.${(counter % 250) + 1}`;
    counter++;
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method,
      url: `${API}${url}`,
      headers: { host: HOST, ...headers },
      remoteAddress: client,
      ...(payload ? { payload } : {}),
    });
  const register = (email: string, names = { Vorname: 'Anna', Nachname: 'Neu' }) =>
    call('POST', '/account/createEmpfehler', { ...names, Email: email });
  const mailTo = (email: string, subject: string | RegExp) =>
    smtp.waitForMail((mail) => mail.to.includes(email) && !!mail.subject.match(subject));
  const tokenOf = (mail: ReceivedMail, pathPart: string): string => {
    const link = mail.links.find((candidate) => candidate.includes(pathPart));
    if (!link) throw new Error(`no ${pathPart} link in ${mail.text}`);
    return decodeURIComponent(link.split('/').pop() ?? '');
  };
  const setPassword = (token: string, password = GOOD, confirm = password) =>
    call('PUT', '/account/resetPassword', { Token: token, Password: password, PasswordConfirm: confirm });
  const login = (email: string, password: string) =>
    call('POST', '/account/login', { Email: email, Password: password });

  /** Registers and sets the password through the welcome mail; answers the login of that step. */
  async function registeredAccount(email = freshEmail()): Promise<{ email: string; login: LoginResponse }> {
    expect((await register(email)).statusCode).toBe(202);
    const token = tokenOf(await mailTo(email, /Willkommen/), '/registrierung-abschliessen/');
    const answer = await setPassword(token);
    expect(answer.statusCode).toBe(200);
    return { email, login: answer.json<LoginResponse>() };
  }

  describe('registration (POST /account/createEmpfehler) and the welcome mail', () => {
    it('mails a set-password link over SMTP; the link sets the password once and logs in', async () => {
      const email = freshEmail();
      const created = await register(email.toUpperCase());
      expect(created.statusCode).toBe(202);
      expect(created.json()).toEqual({ Email: email });

      const mail = await mailTo(email, 'Willkommen bei Alpha Energie – bitte legen Sie Ihr Passwort fest');
      expect(mail.text).toContain('Hallo Anna Neu,');
      const link = mail.links.find((candidate) => candidate.includes('/registrierung-abschliessen/'));
      expect(link).toMatch(
        /^http:\/\/alpha\.localhost:8080\/de\/registrierung-abschliessen\/[A-Za-z0-9_-]{43}$/,
      );
      expect(mail.html).toContain(`href="${link}"`);
      const token = tokenOf(mail, '/registrierung-abschliessen/');

      // No password yet: the account cannot log in, and answers like an unknown address.
      expect((await login(email, GOOD)).json()).toMatchObject({ code: 'PSOF0200' });

      const check = await call('PUT', '/account/validateResetPassword', { Token: token });
      expect(check.statusCode).toBe(200);
      expect(check.json<ValidateResetPasswordResponse>()).toEqual({
        Purpose: 'welcome',
        Email: email,
        Vorname: 'Anna',
      });

      const set = await setPassword(token);
      expect(set.statusCode).toBe(200);
      const session = set.json<LoginResponse>();
      expect(session).toMatchObject({ Email: email, Vorname: 'Anna', Nachname: 'Neu', Language: 'de' });
      const user = await app.inject({ url: `${API}/account/user`, headers: bearer(session.Token) });
      expect(user.statusCode).toBe(200);
      expect((await login(email, GOOD)).statusCode).toBe(200);

      const again = await setPassword(token, 'Anderes9Passwort');
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'PSOF0209' });
      expect((await call('PUT', '/account/validateResetPassword', { Token: token })).json()).toMatchObject({
        code: 'PSOF0209',
      });
    });

    it.each([
      ['too short', 'Ab1', 'Ab1', 'PSOF0220', '/Password'],
      ['no uppercase letter', 'freundschaft7', 'freundschaft7', 'PSOF0220', '/Password'],
      ['no digit', 'Freundschaft', 'Freundschaft', 'PSOF0220', '/Password'],
      ['confirmation differs', GOOD, `${GOOD}x`, 'PSOF0221', '/PasswordConfirm'],
      ['a common password', 'Passwort123!', 'Passwort123!', 'PSOF0222', '/Password'],
      ['a common stem with a year', 'Sommer2026', 'Sommer2026', 'PSOF0222', '/Password'],
    ])(
      'refuses a new password that is %s with 422, and the link stays usable',
      async (_case, password, confirm, code, pointer) => {
        const email = freshEmail();
        await register(email);
        const token = tokenOf(await mailTo(email, /Willkommen/), '/registrierung-abschliessen/');
        const refused = await setPassword(token, password, confirm);
        expect(refused.statusCode).toBe(422);
        expect(refused.json()).toMatchObject({
          code,
          details: expect.arrayContaining([expect.objectContaining({ pointer })]),
        });
        expect((await setPassword(token)).statusCode).toBe(200);
      },
    );

    it('resends the welcome mail with a new link; the previous link is then expired (PSOF0201)', async () => {
      const email = freshEmail();
      await register(email);
      const first = tokenOf(await mailTo(email, /Willkommen/), '/registrierung-abschliessen/');
      smtp.reset();
      const resent = await call('GET', `/account/resendWelcomeMail/${encodeURIComponent(email)}`);
      expect(resent.statusCode).toBe(202);
      const second = tokenOf(await mailTo(email, /Willkommen/), '/registrierung-abschliessen/');
      expect(second).not.toBe(first);
      const old = await setPassword(first);
      expect(old.statusCode).toBe(410);
      expect(old.json()).toEqual({ code: 'PSOF0201', message: ERRORS.PSOF0201.de });
      expect((await setPassword(second)).statusCode).toBe(200);
    });

    it('answers a registered address exactly like a new one; the mail tells the owner instead', async () => {
      const { email } = await registeredAccount();
      smtp.reset();
      const again = await register(email, { Vorname: 'Mallory', Nachname: 'Fremd' });
      expect(again.statusCode).toBe(202);
      expect(again.json()).toEqual({ Email: email });
      const mail = await mailTo(email, 'Sie haben bereits ein Konto bei Alpha Energie');
      // The owner's name stays; the stranger's name is not stored.
      expect(mail.text).toContain('Hallo Anna Neu,');
      expect(mail.links.some((link) => link.endsWith('/de/login'))).toBe(true);
      expect((await login(email, GOOD)).json<LoginResponse>().Vorname).toBe('Anna');
    });

    it('writes the mail in English for an English request', async () => {
      const email = freshEmail();
      await call(
        'POST',
        '/account/createEmpfehler',
        { Vorname: 'Ann', Nachname: 'New', Email: email },
        { 'x-accept-language': 'en' },
      );
      const mail = await mailTo(email, 'Welcome to Alpha Energie – please choose your password');
      expect(mail.text).toContain('Hello Ann New,');
      expect(mail.links.some((link) => link.includes('/en/registrierung-abschliessen/'))).toBe(true);
    });

    it.each([
      ['an invalid e-mail', { Vorname: 'A', Nachname: 'B', Email: 'anna.example' }, 422, 'PSOF0302'],
      ['a missing last name', { Vorname: 'A', Email: 'a@b.example' }, 400, 'PSOF0013'],
      ['a blank first name', { Vorname: '  ', Nachname: 'B', Email: 'a@b.example' }, 400, 'PSOF0013'],
      [
        'a name of 101 characters',
        { Vorname: 'x'.repeat(101), Nachname: 'B', Email: 'a@b.example' },
        400,
        'PSOF0013',
      ],
    ])('refuses %s with a 4xx and sends nothing', async (_case, body, status, code) => {
      const answer = await call('POST', '/account/createEmpfehler', body);
      expect(answer.statusCode).toBe(status);
      expect(answer.json()).toMatchObject({ code });
      const pending = await app.database.kysely
        .selectFrom('mail_outbox')
        .select('id')
        .where('recipient', '=', 'a@b.example')
        .execute();
      expect(pending).toEqual([]);
    });

    it('points links at the mandant’s own host when the request came in on another host', async () => {
      const email = freshEmail();
      await call(
        'POST',
        '/account/createEmpfehler',
        { Vorname: 'A', Nachname: 'B', Email: email },
        { host: 'evil.example' },
      );
      const mail = await mailTo(email, /Willkommen/);
      expect(mail.links.find((link) => link.includes('/registrierung-abschliessen/'))).toMatch(
        /^https:\/\/empfehlen\.alpha\.example\/de\/registrierung-abschliessen\//,
      );
      expect(mail.text).not.toContain('evil.example');
    });
  });

  describe('forgot password (GET /account/resetPassword/{email}, PUT /account/resetPassword)', () => {
    it('mails a reset link that resets once (and logs in), not twice, and ends the older sessions', async () => {
      const { email, login: before } = await registeredAccount();
      smtp.reset();
      const requested = await call('GET', `/account/resetPassword/${encodeURIComponent(email)}`);
      expect(requested.statusCode).toBe(202);
      expect(requested.json()).toEqual({ Email: email });
      const mail = await mailTo(email, 'Ihr neues Passwort für Alpha Energie');
      expect(mail.text).toContain('60 Minuten');
      const token = tokenOf(mail, '/passwort-setzen/');

      const check = await call('PUT', '/account/validateResetPassword', { Token: token });
      expect(check.json()).toMatchObject({ Purpose: 'reset', Email: email });

      const reset = await setPassword(token, 'Neuanfang8Jetzt');
      expect(reset.statusCode).toBe(200);
      const after = reset.json<LoginResponse>();
      expect(
        (await app.inject({ url: `${API}/account/user`, headers: bearer(after.Token) })).statusCode,
      ).toBe(200);
      // The session from before the reset has ended.
      const old = await app.inject({ url: `${API}/account/user`, headers: bearer(before.Token) });
      expect(old.statusCode).toBe(401);
      expect(old.json()).toMatchObject({ code: 'PSOF0204' });
      expect((await login(email, GOOD)).statusCode).toBe(401);
      expect((await login(email, 'Neuanfang8Jetzt')).statusCode).toBe(200);

      const twice = await setPassword(token, 'Zweiter9Versuch');
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toMatchObject({ code: 'PSOF0209' });
      expect((await login(email, 'Zweiter9Versuch')).statusCode).toBe(401);
    });

    it('answers an unknown address like a known one; the mail says it is not registered (PSOF0207)', async () => {
      const email = freshEmail();
      const requested = await call('GET', `/account/resetPassword/${encodeURIComponent(email)}`);
      expect(requested.statusCode).toBe(202);
      expect(requested.json()).toEqual({ Email: email });
      const mail = await mailTo(email, 'Ihre Anfrage bei Alpha Energie');
      expect(mail.text).toContain(ERRORS.PSOF0207.de);
      expect(mail.links.some((link) => link.endsWith('/de/registrieren'))).toBe(true);
      expect(
        await app.database.kysely.selectFrom('account').select('id').where('email', '=', email).execute(),
      ).toEqual([]);
    });

    it('answers an expired link with 410 PSOF0201 and changes nothing', async () => {
      const { email } = await registeredAccount();
      await call('GET', `/account/resetPassword/${encodeURIComponent(email)}`);
      const token = tokenOf(await mailTo(email, /neues Passwort/), '/passwort-setzen/');
      await sql`update account_token set expires_at = now() - interval '1 second' where purpose = 'reset'`.execute(
        app.database.kysely,
      );
      const expired = await setPassword(token, 'Spaeter5Versuch');
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toMatchObject({ code: 'PSOF0201' });
      expect((await login(email, GOOD)).statusCode).toBe(200);
    });

    it('answers a made-up token with 410 PSOF0201', async () => {
      expect((await setPassword('x'.repeat(43))).json()).toMatchObject({ code: 'PSOF0201' });
      expect((await call('PUT', '/account/validateResetPassword', { Token: 'nope' })).json()).toMatchObject({
        code: 'PSOF0201',
      });
    });

    it('lets exactly one of two simultaneous uses of a link win', async () => {
      const email = freshEmail();
      await register(email);
      const token = tokenOf(await mailTo(email, /Willkommen/), '/registrierung-abschliessen/');
      const answers = await Promise.all([setPassword(token), setPassword(token)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    });

    it('sends no reset mail for a blocked account, and answers the same', async () => {
      const { email } = await registeredAccount();
      await app.database.kysely
        .updateTable('account')
        .set({ status: 'blocked' })
        .where('email', '=', email)
        .execute();
      const before = await app.database.kysely
        .selectFrom('mail_outbox')
        .select('id')
        .where('recipient', '=', email)
        .execute();
      const requested = await call('GET', `/account/resetPassword/${encodeURIComponent(email)}`);
      expect(requested.statusCode).toBe(202);
      expect(requested.json()).toEqual({ Email: email });
      const after = await app.database.kysely
        .selectFrom('mail_outbox')
        .select('id')
        .where('recipient', '=', email)
        .execute();
      expect(after.length).toBe(before.length);
    });

    it('limits mails per address with a clear message (429 PSOF0225, Retry-After)', async () => {
      const email = freshEmail();
      const answers = [];
      for (let attempt = 0; attempt < 6; attempt++) {
        answers.push(await call('GET', `/account/resetPassword/${encodeURIComponent(email)}`));
      }
      expect(answers.slice(0, 5).map((answer) => answer.statusCode)).toEqual([202, 202, 202, 202, 202]);
      const refused = answers[5];
      expect(refused?.statusCode).toBe(429);
      expect(refused?.json()).toEqual({ code: 'PSOF0225', message: ERRORS.PSOF0225.de });
      expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
      const queued = await app.database.kysely
        .selectFrom('mail_outbox')
        .select('id')
        .where('recipient', '=', email)
        .execute();
      expect(queued.length).toBe(5);
    });
  });

  it('limits mail requests per client with the general message (429 PSOF0016)', async () => {
    const answers = [];
    for (let attempt = 0; attempt < 31; attempt++) {
      answers.push(await call('GET', `/account/resendWelcomeMail/${encodeURIComponent(freshEmail())}`));
    }
    expect(answers.slice(0, 30).every((answer) => answer.statusCode === 202)).toBe(true);
    expect(answers[30]?.statusCode).toBe(429);
    expect(answers[30]?.json()).toMatchObject({ code: 'PSOF0016' });
  });

  describe('change password (PUT /account/resetPasswordWithoutToken)', () => {
    const change = (token: string, body: object) =>
      call('PUT', '/account/resetPasswordWithoutToken', body, bearer(token));

    it('changes the password, answers a new token, ends the other sessions and tells the owner by mail', async () => {
      const { email, login: first } = await registeredAccount();
      const other = (await login(email, GOOD)).json<LoginResponse>();
      smtp.reset();
      const changed = await change(first.Token, {
        OldPassword: GOOD,
        Password: 'Wechsel4Passwort',
        PasswordConfirm: 'Wechsel4Passwort',
      });
      expect(changed.statusCode).toBe(200);
      const now = changed.json<LoginResponse>();
      expect(now.Email).toBe(email);
      expect((await app.inject({ url: `${API}/account/user`, headers: bearer(now.Token) })).statusCode).toBe(
        200,
      );
      for (const ended of [first.Token, other.Token]) {
        expect(
          (await app.inject({ url: `${API}/account/user`, headers: bearer(ended) })).json(),
        ).toMatchObject({
          code: 'PSOF0204',
        });
      }
      expect((await login(email, 'Wechsel4Passwort')).statusCode).toBe(200);
      const mail = await mailTo(email, 'Ihr Passwort bei Alpha Energie wurde geändert');
      expect(mail.links.some((link) => link.endsWith('/de/passwort-vergessen'))).toBe(true);
    });

    it.each([
      [
        'a wrong current password',
        { OldPassword: 'Falsch1Passwort', Password: 'Wechsel4Passwort', PasswordConfirm: 'Wechsel4Passwort' },
        'PSOF0224',
      ],
      ['the same password again', { OldPassword: GOOD, Password: GOOD, PasswordConfirm: GOOD }, 'PSOF0226'],
      ['a weak new password', { OldPassword: GOOD, Password: 'kurz', PasswordConfirm: 'kurz' }, 'PSOF0220'],
      [
        'a differing confirmation',
        { OldPassword: GOOD, Password: 'Wechsel4Passwort', PasswordConfirm: 'Wechsel4passwort' },
        'PSOF0221',
      ],
    ])('refuses %s with 422 and keeps the password', async (_case, body, code) => {
      const { email, login: session } = await registeredAccount();
      const refused = await change(session.Token, body);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ code });
      expect((await login(email, GOOD)).statusCode).toBe(200);
      expect(
        (await app.inject({ url: `${API}/account/user`, headers: bearer(session.Token) })).statusCode,
      ).toBe(200);
    });

    it('needs a login (401 PSOF0210)', async () => {
      const answer = await call('PUT', '/account/resetPasswordWithoutToken', {
        OldPassword: GOOD,
        Password: GOOD,
        PasswordConfirm: GOOD,
      });
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ code: 'PSOF0210' });
    });

    it('words SPEC’s messages for success and failure', () => {
      expect(ERRORS.PSOF0223.de).toBe(
        'Fehler: Passwort konnte nicht geändert werden, versuchen sie es zu einem späteren Zeitpunkt nocheinmal.',
      );
    });
  });

  it('serves the password rules the forms check with (GET /account/passwortvalidator)', async () => {
    const answer = await call('GET', '/account/passwortvalidator');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual(PASSWORD_RULES);
    expect(answer.json()).toMatchObject({ MinLength: 8, Lowercase: true, Uppercase: true, Digit: true });
  });
});
