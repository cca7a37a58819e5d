import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, retryDelaySeconds } from '../../server/mail/mailOutbox.ts';
import { type SmtpStandIn, startSmtpServer } from '../support/smtpServer.ts';
import { accountTestMandants } from './accountLifecycleMandants.ts';
import { buildTestApp, databases } from './helpers.ts';

type Mandants = Awaited<ReturnType<typeof accountTestMandants>>;

const welcome = (to: string, vorname = 'Anna') =>
  ({
    mandantId: 'alpha',
    to,
    language: 'de',
    template: 'welcome',
    data: { vorname, nachname: 'Beispiel', token: 'T0ken_-', validHours: 168 },
    origin: 'http://alpha.localhost:8080',
  }) as const;

async function outboxRow(app: FastifyInstance, id: string) {
  return app.database.kysely
    .selectFrom('mail_outbox')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** Lets the back-off of failed mails run out, as if its time had passed. */
async function makeDue(app: FastifyInstance): Promise<void> {
  await sql`update mail_outbox set next_attempt_at = now() where status = 'pending'`.execute(
    app.database.kysely,
  );
}

describe('retryDelaySeconds: back-off after failed attempts', () => {
  it.each([
    [1, 30],
    [2, 60],
    [3, 120],
    [7, 1920],
    [8, 3600],
    [20, 3600],
  ])('after %i failed attempts waits %i s', (attempts, seconds) => {
    expect(retryDelaySeconds(attempts)).toBe(seconds);
  });
});

describe.each(databases)('mail module on $name', (database) => {
  let mandants: Mandants;
  beforeAll(async () => {
    mandants = await accountTestMandants();
  });
  afterAll(() => mandants?.remove());

  describe('with SMTP (SMTP_URL set)', () => {
    let app: FastifyInstance;
    let smtp: SmtpStandIn;
    beforeAll(async () => {
      smtp = await startSmtpServer();
      app = await buildTestApp(database, {
        mandantsDir: mandants.dir,
        smtpUrl: smtp.url,
        demoAccounts: false,
      });
      // The tests drive delivery passes themselves.
      await app.mail.worker.stop();
    });
    afterAll(async () => {
      await app?.close();
      await smtp?.close();
    });
    beforeEach(async () => {
      smtp.reset();
      smtp.failWith(null);
      await app.database.kysely.deleteFrom('mail_outbox').execute();
    });

    it('delivers a themed HTML part and a plain-text part from the mandant’s sender', async () => {
      await app.mail.enqueue(app.database.kysely, welcome('anna@example.org'));
      expect(await app.mail.deliverDue()).toBe(1);
      const [mail] = smtp.mails();
      expect(mail?.to).toEqual(['anna@example.org']);
      expect(mail?.from).toBe('no-reply@empfehlen.alpha.example');
      expect(mail?.headers.from).toContain('Alpha Energie');
      expect(mail?.subject).toBe('Willkommen bei Alpha Energie – bitte legen Sie Ihr Passwort fest');
      expect(mail?.headers['content-language']).toBe('de');
      expect(mail?.text).toContain('Hallo Anna Beispiel,');
      expect(mail?.text).toContain('http://alpha.localhost:8080/de/registrierung-abschliessen/T0ken_-');
      expect(mail?.text).toContain('Der Link ist 168 Stunden gültig');
      // alpha's theme: primary colour and logo, served from its own host.
      expect(mail?.html).toContain('background:#c2006b');
      expect(mail?.html).toContain('src="http://alpha.localhost:8080/mandant-assets/alpha/img/logo.svg"');
      expect(mail?.html).toContain('<html lang="de">');
    });

    it('removes the bodies once delivered and keeps the fact', async () => {
      const id = await app.mail.enqueue(app.database.kysely, welcome('anna@example.org'));
      await app.mail.deliverDue();
      const row = await outboxRow(app, id);
      expect(row).toMatchObject({
        status: 'sent',
        text_body: null,
        html_body: null,
        attempts: 1,
        last_error: null,
      });
      expect(row.sent_at).toBeInstanceOf(Date);
    });

    it('escapes every value: no markup from data or a mandant name reaches the HTML', async () => {
      await app.mail.enqueue(app.database.kysely, welcome('anna@example.org', '<script>alert(1)</script>'));
      await app.mail.enqueue(app.database.kysely, {
        ...welcome('gamma@example.org'),
        mandantId: 'gamma',
        language: 'en',
      });
      await app.mail.deliverDue();
      const alpha = smtp.mailsTo('anna@example.org')[0];
      expect(alpha?.html).not.toContain('<script>');
      expect(alpha?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(alpha?.text).toContain('Hallo <script>alert(1)</script> Beispiel,');
      const gamma = smtp.mailsTo('gamma@example.org')[0];
      expect(gamma?.subject).toContain('</script><script>alert(1)</script>');
      expect(gamma?.html).not.toMatch(/<script>/i);
      expect(gamma?.html).toContain(
        'Gamma &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;',
      );
      expect(gamma?.text).toContain('Hello Anna Beispiel,');
    });

    it('falls back to the mandant’s default language for one it does not offer', async () => {
      await app.mail.enqueue(app.database.kysely, {
        ...welcome('beta@example.org'),
        mandantId: 'beta',
        language: 'en',
      });
      await app.mail.deliverDue();
      expect(smtp.mails()[0]?.subject).toBe(
        'Willkommen bei Beta Versicherung – bitte legen Sie Ihr Passwort fest',
      );
    });

    it('keeps a mail when the relay refuses it (451) and delivers it once the relay is back', async () => {
      const id = await app.mail.enqueue(app.database.kysely, welcome('retry@example.org'));
      smtp.failWith(451);
      expect(await app.mail.deliverDue()).toBe(0);
      const failed = await outboxRow(app, id);
      expect(failed).toMatchObject({ status: 'pending', attempts: 1, last_error: 'smtp 451' });
      expect(failed.text_body).not.toBeNull();
      // Backed off: a pass right now does not try again.
      expect(failed.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 20_000);
      smtp.failWith(null);
      expect(await app.mail.deliverDue()).toBe(0);
      expect(smtp.mails()).toEqual([]);

      await makeDue(app);
      expect(await app.mail.deliverDue()).toBe(1);
      expect(smtp.mailsTo('retry@example.org')).toHaveLength(1);
      expect(await outboxRow(app, id)).toMatchObject({ status: 'sent', attempts: 2 });
    });

    it('keeps a mail while the relay is down altogether, and delivers it when it is up again', async () => {
      const id = await app.mail.enqueue(app.database.kysely, welcome('down@example.org'));
      const port = smtp.port;
      await smtp.close();
      expect(await app.mail.deliverDue()).toBe(0);
      const row = await outboxRow(app, id);
      expect(row.status).toBe('pending');
      expect(row.last_error).toMatch(/^E[A-Z]+$/);
      smtp = await startSmtpServer({ port });
      await makeDue(app);
      expect(await app.mail.deliverDue()).toBe(1);
      expect(smtp.mailsTo('down@example.org')).toHaveLength(1);
    });

    it(`gives up after ${MAX_ATTEMPTS} attempts and keeps the mail as failed`, async () => {
      const id = await app.mail.enqueue(app.database.kysely, welcome('never@example.org'));
      await app.database.kysely
        .updateTable('mail_outbox')
        .set({ attempts: MAX_ATTEMPTS - 1 })
        .where('id', '=', id)
        .execute();
      smtp.failWith(550);
      await app.mail.deliverDue();
      expect(await outboxRow(app, id)).toMatchObject({
        status: 'failed',
        attempts: MAX_ATTEMPTS,
        last_error: 'smtp 550',
      });
      await makeDue(app);
      smtp.failWith(null);
      expect(await app.mail.deliverDue()).toBe(0);
    });

    it('writes nothing when the transaction of the change rolls back', async () => {
      await expect(
        app.database.kysely.transaction().execute(async (trx) => {
          await app.mail.enqueue(trx, welcome('rollback@example.org'));
          throw new Error('the business change failed');
        }),
      ).rejects.toThrow('the business change failed');
      expect(await app.mail.list()).toEqual([]);
      expect(await app.mail.deliverDue()).toBe(0);
    });

    it('delivers on its own once the worker runs', async () => {
      app.mail.worker.start();
      try {
        await app.mail.enqueue(app.database.kysely, welcome('worker@example.org'));
        expect((await smtp.waitForMail((mail) => mail.to.includes('worker@example.org'))).subject).toContain(
          'Willkommen',
        );
      } finally {
        await app.mail.worker.stop();
      }
    });

    it('has no dev mail view while mails really go out', async () => {
      await app.mail.enqueue(app.database.kysely, welcome('anna@example.org'));
      const answer = await app.inject({ url: '/dev/mails' });
      expect(answer.body).not.toContain('Mail outbox');
    });

    it('erases the outbox rows of an address (account deletion)', async () => {
      await app.mail.enqueue(app.database.kysely, welcome('Gone@Example.org'));
      await app.mail.enqueue(app.database.kysely, welcome('stays@example.org'));
      expect(await app.mail.eraseRecipient(app.database.kysely, 'alpha', 'gone@example.org')).toBe(1);
      expect((await app.mail.list()).map((mail) => mail.recipient)).toEqual(['stays@example.org']);
    });
  });

  if (database.url) {
    it('sends each mail once when two instances deliver at the same time (FOR UPDATE SKIP LOCKED)', async () => {
      const smtp = await startSmtpServer();
      const first = await buildTestApp(database, {
        mandantsDir: mandants.dir,
        smtpUrl: smtp.url,
        demoAccounts: false,
      });
      const schema = first.config.database.schema;
      const second = await buildTestApp(database, {
        mandantsDir: mandants.dir,
        smtpUrl: smtp.url,
        demoAccounts: false,
        ...(schema ? { schema } : {}),
      });
      try {
        await Promise.all([first.mail.worker.stop(), second.mail.worker.stop()]);
        for (let index = 0; index < 25; index++) {
          await first.mail.enqueue(first.database.kysely, welcome(`many${index}@example.org`));
        }
        const [a, b] = await Promise.all([first.mail.deliverDue(), second.mail.deliverDue()]);
        expect(a + b).toBe(25);
        expect(smtp.mails()).toHaveLength(25);
        expect(new Set(smtp.mails().map((mail) => mail.to[0])).size).toBe(25);
      } finally {
        await second.close();
        await first.close();
        await smtp.close();
      }
    });
  }

  describe('without SMTP: the outbox and the dev mail view', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildTestApp(database, {
        mandantsDir: mandants.dir,
        demoAccounts: false,
        devMails: true,
      });
    });
    afterAll(() => app?.close());

    it('keeps mails in the outbox and lists them, escaped, newest first', async () => {
      expect(app.mail.delivers).toBe(false);
      await app.mail.enqueue(app.database.kysely, welcome('first@example.org'));
      await app.mail.enqueue(app.database.kysely, { ...welcome('second@example.org'), mandantId: 'gamma' });
      expect(await app.mail.deliverDue()).toBe(0);
      const list = await app.inject({ url: '/dev/mails' });
      expect(list.statusCode).toBe(200);
      expect(list.headers['content-type']).toContain('text/html');
      expect(list.body).toContain('<h1>Mail outbox</h1>');
      expect(list.body).not.toContain('<script>alert(1)</script>');
      expect(list.body).toContain('Gamma &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(list.body.indexOf('second@example.org')).toBeLessThan(list.body.indexOf('first@example.org'));
    });

    it('shows one mail with its text part, and its HTML part under a policy of its own', async () => {
      const id = await app.mail.enqueue(app.database.kysely, welcome('view@example.org'));
      const view = await app.inject({ url: `/dev/mails/${id}` });
      expect(view.statusCode).toBe(200);
      expect(view.body).toContain('view@example.org');
      expect(view.body).toContain('http://alpha.localhost:8080/de/registrierung-abschliessen/T0ken_-');
      const html = await app.inject({ url: `/dev/mails/${id}/html` });
      expect(html.statusCode).toBe(200);
      expect(html.body).toContain('<html lang="de">');
      expect(html.headers['content-security-policy']).toContain("style-src 'unsafe-inline'");
      expect(html.headers['content-security-policy']).not.toContain('script-src');
    });

    it('answers unknown and malformed ids with 404', async () => {
      expect((await app.inject({ url: '/dev/mails/00000000-0000-0000-0000-000000000000' })).statusCode).toBe(
        404,
      );
      expect((await app.inject({ url: '/dev/mails/nope' })).statusCode).toBe(404);
    });

    it('answers only clients on this machine: the mails hold working links', async () => {
      const answer = await app.inject({ url: '/dev/mails', remoteAddress: '203.0.113.7' });
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain('Mail outbox');
    });
  });
});
