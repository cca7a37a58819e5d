import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mandantsUsingCms, SQUIDEX_CLIENT } from '../support/cmsStubs.ts';
import { type SmtpStandIn, startSmtpServer } from '../support/smtpServer.ts';
import { bearer, buildTestApp, databases, loginToken } from './helpers.ts';
import { solvedCaptcha } from './recommendHelpers.ts';

/**
 * The contact form (SPEC 7: GET /kontakt?cmd=IsCaptchaRequired, POST /kontakt): guests solve ALTCHA, the
 * message is stored and mailed to the mandant's support address over a real SMTP server, bad input is
 * refused without writing anything, and no personal data reaches the log.
 */
const MANDANTS_DIR = path.resolve(import.meta.dirname, '../../mandants');
const ANNA = { email: 'anna.beispiel@netzplus.example', password: 'Empfehlen2026' };
const MESSAGE = {
  Name: 'Erika Beispiel',
  Email: 'erika.beispiel@example.org',
  Betreff: 'Frage zur Prämie',
  Nachricht: 'Wann wird die Prämie für meine Empfehlung ausgezahlt? <b>Danke</b>',
};

describe.each(databases)('contact form on $name', (database) => {
  let app: FastifyInstance;
  let smtp: SmtpStandIn;
  const lines: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await buildTestApp(database, {
      mandantsDir: MANDANTS_DIR,
      smtpUrl: smtp.url,
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    });
    await app.mail.worker.stop();
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/v1/telko/kontakt', payload: payload as object, headers });
  const stored = () =>
    app.database.kysely.selectFrom('contact_message').selectAll().where('mandant_id', '=', 'telko').execute();

  it('asks guests for a captcha, logged-in recommenders not', async () => {
    const guest = await app.inject({ url: '/api/v1/telko/kontakt?cmd=IsCaptchaRequired' });
    expect(guest.statusCode).toBe(200);
    expect(guest.json()).toEqual({ CaptchaErforderlich: true });
    const token = await loginToken(app, 'telko', ANNA);
    const user = await app.inject({
      url: '/api/v1/telko/kontakt?cmd=IsCaptchaRequired',
      headers: bearer(token),
    });
    expect(user.json()).toEqual({ CaptchaErforderlich: false });
    const other = await app.inject({ url: '/api/v1/telko/kontakt?cmd=Etwas' });
    expect(other.statusCode).toBe(400);
  });

  it('refuses a guest without a solved captcha (PSOF0307) and stores nothing', async () => {
    const response = await post(MESSAGE);
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('PSOF0307');
    const wrong = await post({ ...MESSAGE, Captcha: Buffer.from('{}').toString('base64') });
    expect(wrong.json().code).toBe('PSOF0308');
    expect(await stored()).toEqual([]);
  });

  it('stores the message and mails it to the support address over SMTP', async () => {
    const response = await post({ ...MESSAGE, Captcha: await solvedCaptcha(app, 'telko') });
    expect(response.statusCode).toBe(204);
    const rows = await stored();
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row).toMatchObject({
      name: 'Erika Beispiel',
      email: 'erika.beispiel@example.org',
      subject: 'Frage zur Prämie',
      language: 'de',
    });
    expect(row?.mailed_at).toBeInstanceOf(Date);
    const weeks =
      ((row?.delete_after.getTime() ?? 0) - (row?.created_at.getTime() ?? 0)) / (7 * 24 * 3600 * 1000);
    expect(Math.round(weeks)).toBe(12);

    expect(await app.mail.deliverDue()).toBe(1);
    const mail = await smtp.waitForMail((received) =>
      received.to.includes('freunde-werben@netzplus.example'),
    );
    expect(mail.subject).toBe('Kontaktformular: Frage zur Prämie');
    expect(mail.text).toContain('Von: Erika Beispiel <erika.beispiel@example.org>');
    expect(mail.text).toContain('Wann wird die Prämie für meine Empfehlung ausgezahlt? <b>Danke</b>');
    expect(mail.html).not.toContain('<b>Danke</b>'); // escaped in the HTML part
  });

  it('lets a logged-in recommender write without a captcha', async () => {
    const token = await loginToken(app, 'telko', ANNA);
    const response = await post({ ...MESSAGE, Betreff: 'Ohne Captcha' }, bearer(token));
    expect(response.statusCode).toBe(204);
    expect((await stored()).map((row) => row.subject)).toContain('Ohne Captcha');
  });

  it.each([
    ['no name', { ...MESSAGE, Name: '' }, '/Name'],
    ['only spaces as message', { ...MESSAGE, Nachricht: '   ' }, '/Nachricht'],
    ['an invalid e-mail', { ...MESSAGE, Email: 'erika.beispiel' }, '/Email'],
    ['a message too long', { ...MESSAGE, Nachricht: 'x'.repeat(5001) }, '/Nachricht'],
    ['no subject', { Name: 'A', Email: 'a@example.org', Nachricht: 'Hallo' }, '/Betreff'],
  ])('refuses %s with 400 PSOF0013 naming the field, and stores nothing', async (_case, payload, pointer) => {
    const before = (await stored()).length;
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('PSOF0013');
    expect(JSON.stringify(response.json().details)).toContain(pointer);
    expect((await stored()).length).toBe(before);
  });

  it('limits messages per e-mail address (429 PSOF0016 with Retry-After)', async () => {
    const token = await loginToken(app, 'telko', ANNA);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await post({ ...MESSAGE, Email: 'vielschreiber@example.org' }, bearer(token));
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json().code).toBe('PSOF0016');
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429]);
  });

  it('keeps names, addresses and messages out of the log', () => {
    const log = lines.join('\n');
    expect(log).toContain('contact message received');
    for (const personal of ['Erika', 'erika.beispiel@example.org', 'Wann wird', 'vielschreiber']) {
      expect(log).not.toContain(personal);
    }
  });
});

describe('contact form of a mandant whose CMS is down', () => {
  it('stores the message without mailing it when the support address cannot be read', async () => {
    const mandants = await mandantsUsingCms({
      versicherung: {
        provider: 'squidex',
        url: 'http://127.0.0.1:9',
        app: 'hanse',
        clientIdEnv: 'SQ_ID',
        clientSecretEnv: 'SQ_SECRET',
      },
    });
    const app = await buildTestApp(databases[0] ?? { name: 'pglite' }, {
      mandantsDir: mandants.dir,
      content: { env: { SQ_ID: SQUIDEX_CLIENT.id, SQ_SECRET: SQUIDEX_CLIENT.secret }, budgetMs: 500 },
    });
    try {
      const token = await loginToken(app, 'versicherung', {
        email: 'claudia.meyer@hanse-assekuranz.example',
        password: 'Empfehlen2026',
      });
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/versicherung/kontakt',
        payload: MESSAGE,
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(204);
      const rows = await app.database.kysely.selectFrom('contact_message').selectAll().execute();
      expect(rows.map((row) => [row.mandant_id, row.mailed_at])).toEqual([['versicherung', null]]);
      expect(await app.mail.list()).toEqual([]);
    } finally {
      await app.close();
      await mandants.remove();
    }
  });
});
