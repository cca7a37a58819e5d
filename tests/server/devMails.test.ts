import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../server/config/readEnv.ts';
import { buildTestApp, databases } from './helpers.ts';

const OUTBOX = '<h1>Mail outbox</h1>';

describe('DEV_MAILS', () => {
  it('is off unless asked for: by the variable, or by --demo (npm start)', () => {
    expect(readEnv({}).options.devMails).toBe(false);
    expect(readEnv({ DEV_MAILS: 'on' }).options.devMails).toBe(true);
    expect(readEnv({}, { demo: true }).options.devMails).toBe(true);
    expect(readEnv({ DEV_MAILS: 'off' }, { demo: true }).options.devMails).toBe(false);
    expect(() => readEnv({ DEV_MAILS: 'perhaps' })).toThrow(/DEV_MAILS must be true or false/);
  });
});

describe.each(databases)('the dev mail view on $name', (database) => {
  let plain: FastifyInstance;
  let asked: FastifyInstance;
  let behindProxy: FastifyInstance;
  let smtp: FastifyInstance;
  // One after the other: a test app is seconds of work, and the machine is shared.
  beforeAll(async () => {
    plain = await buildTestApp(database, { demoAccounts: false });
    asked = await buildTestApp(database, { demoAccounts: false, devMails: true });
    behindProxy = await buildTestApp(database, { demoAccounts: false, devMails: true, trustProxy: true });
    smtp = await buildTestApp(database, {
      demoAccounts: false,
      devMails: true,
      smtpUrl: 'smtp://127.0.0.1:1',
    });
    await smtp.mail.worker.stop();
  }, 240_000);
  afterAll(async () => {
    await Promise.all([plain, asked, behindProxy, smtp].map((app) => app?.close()));
  });

  it('is not served without the setting, not even to this machine', async () => {
    // Unknown paths fall through to the runtime's page (the SPA decides), so the outbox must be absent.
    const answer = await plain.inject({ url: '/dev/mails' });
    expect(answer.body).not.toContain(OUTBOX);
    expect(answer.body).not.toContain('Mails in the outbox');
  });

  it('is served with the setting to a client on this machine that comes straight', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const answer = await asked.inject({ url: '/dev/mails', remoteAddress });
      expect(answer.statusCode, remoteAddress).toBe(200);
      expect(answer.body).toContain(OUTBOX);
    }
  });

  it('refuses other machines', async () => {
    const answer = await asked.inject({ url: '/dev/mails', remoteAddress: '203.0.113.7' });
    expect(answer.statusCode).toBe(404);
    expect(answer.body).not.toContain(OUTBOX);
  });

  it('refuses what a reverse proxy on this machine forwards, with or without TRUST_PROXY', async () => {
    const forwarded = [
      { 'x-forwarded-for': '203.0.113.7' },
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=203.0.113.7' },
      { 'x-real-ip': '203.0.113.7' },
    ];
    for (const headers of forwarded) {
      for (const app of [asked, behindProxy]) {
        const answer = await app.inject({ url: '/dev/mails', headers });
        expect(answer.statusCode, JSON.stringify(headers)).toBe(404);
        expect(answer.body).not.toContain(OUTBOX);
      }
    }
    const mailPage = await asked.inject({
      url: '/dev/mails/00000000-0000-0000-0000-000000000000/html',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(mailPage.statusCode).toBe(404);
  });

  it('is not served while mails really go out (SMTP_URL)', async () => {
    const answer = await smtp.inject({ url: '/dev/mails' });
    expect(answer.body).not.toContain(OUTBOX);
  });
});
