import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterState } from '../../schemas/newsletter.ts';
import { type SmtpStandIn, startSmtpServer } from '../support/smtpServer.ts';
import { databases } from './helpers.ts';
import { ANNA, authHeaders, BEN, BETA_ANNA, buildPersonalApp } from './personalAreaHelpers.ts';

/** The fixture's text 'Ja, ich möchte den Newsletter von {{mandantName}} …' as the page shows it. */
const CONSENT_DE =
  'Ja, ich möchte den Newsletter von Alpha Energie per E-Mail erhalten. Die Einwilligung kann ich jederzeit widerrufen.';

/**
 * Issue 5, newsletter double opt-in against a real SMTP server: PUT /empfehler/setNewsletterOptin sends
 * the mail, the link in the mail that arrived opts in (once), /optout withdraws; the state follows SPEC 3;
 * every consent event is stored with time, text, version and source.
 */
describe.each(databases)('newsletter double opt-in on $name', (database) => {
  let app: FastifyInstance;
  let smtp: SmtpStandIn;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await buildPersonalApp(database, { smtpUrl: smtp.url });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  const optin = (headers: Record<string, string>, mandant = 'alpha') =>
    app.inject({ method: 'PUT', url: `/api/v1/${mandant}/empfehler/setNewsletterOptin`, headers });
  const confirm = (token: string) =>
    app.inject({ method: 'PUT', url: '/api/v1/alpha/empfehler/newsletter/optin', payload: { Token: token } });
  const optout = (headers: Record<string, string>, payload: Record<string, string> = {}) =>
    app.inject({ method: 'PUT', url: '/api/v1/alpha/empfehler/newsletter/optout', headers, payload });
  const user = async (headers: Record<string, string>) =>
    (await app.inject({ method: 'GET', url: '/api/v1/alpha/account/user', headers })).json();
  const consents = (email: string) =>
    app.database.kysely
      .selectFrom('newsletter_consent')
      .innerJoin('account', 'account.id', 'newsletter_consent.account_id')
      .select([
        'event',
        'source',
        'consent_text',
        'text_version',
        'newsletter_consent.language',
        'newsletter_consent.created_at',
      ])
      .where('account.email', '=', email)
      .where('account.mandant_id', '=', 'alpha')
      .orderBy('newsletter_consent.created_at')
      .execute();

  it('optedOut → pending (mail sent) → optedIn through the link in the mail, once', async () => {
    const anna = await authHeaders(app, 'alpha', ANNA);
    expect(newsletterState(await user(anna))).toBe('optedOut');

    smtp.reset();
    const requested = await optin(anna);
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toMatchObject({
      OptinMailAlreadySent: false,
      OptinAlreadySet: false,
      NewsletterOptinGegeben: false,
    });
    expect(requested.json().NewsletterOptinVersendetAm).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(newsletterState(await user(anna))).toBe('pending');

    const mail = await smtp.waitForMail((candidate) => candidate.to.includes(ANNA.email));
    expect(mail.subject).toBe('Bitte bestätigen Sie Ihre Newsletter-Anmeldung bei Alpha Energie');
    expect(mail.text).toContain('Hallo Anna Alphaweg,');
    const link = mail.links.find((candidate) => candidate.includes('/de/empfehler/newsletter/optin?token='));
    const unsubscribe = mail.links.find((candidate) =>
      candidate.includes('/de/empfehler/newsletter/optout?token='),
    );
    expect(link).toBeDefined();
    expect(unsubscribe).toBeDefined();
    const token = new URL(link ?? '').searchParams.get('token') ?? '';

    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().NewsletterOptinGegeben).toBe(true);
    expect(newsletterState(await user(anna))).toBe('optedIn');

    const reused = await confirm(token);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('PSOF0246');

    const log = await consents(ANNA.email);
    expect(log.map((entry) => [entry.event, entry.source])).toEqual([
      ['requested', 'settings'],
      ['confirmed', 'mail-link'],
    ]);
    for (const entry of log) {
      expect(entry.consent_text).toBe(CONSENT_DE);
      expect(entry.text_version).toBe(createHash('sha256').update(CONSENT_DE).digest('hex'));
      expect(entry.language).toBe('de');
      expect(entry.created_at).toBeInstanceOf(Date);
    }

    // Opted in already: nothing is sent.
    smtp.reset();
    const again = await optin(anna);
    expect(again.json()).toMatchObject({ OptinAlreadySet: true, OptinMailAlreadySent: false });

    // The unsubscribe link of the same mail withdraws, without login, once.
    const unsubscribeToken = new URL(unsubscribe ?? '').searchParams.get('token') ?? '';
    const withdrawn = await optout({}, { Token: unsubscribeToken });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toEqual({ NewsletterOptinGegeben: false, NewsletterOptinVersendetAm: null });
    expect(newsletterState(await user(anna))).toBe('optedOut');
    expect((await optout({}, { Token: unsubscribeToken })).json().code).toBe('PSOF0246');
    expect((await consents(ANNA.email)).at(-1)).toMatchObject({ event: 'withdrawn', source: 'mail-link' });
    expect(smtp.mails()).toEqual([]);
  });

  it('a second request moments later sends no second mail (OptinMailAlreadySent); logged-in opt-out works', async () => {
    const ben = await authHeaders(app, 'alpha', BEN);
    smtp.reset();
    expect((await optin(ben)).json()).toMatchObject({ OptinMailAlreadySent: false, OptinAlreadySet: false });
    await smtp.waitForMail((candidate) => candidate.to.includes(BEN.email));
    // Ben's language is English: so is his mail.
    expect(smtp.mails()[0]?.subject).toBe('Please confirm your newsletter subscription with Alpha Energie');
    const second = await optin(ben);
    expect(second.json()).toMatchObject({ OptinMailAlreadySent: true, OptinAlreadySet: false });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mailsTo(BEN.email)).toHaveLength(1);

    const out = await optout(ben);
    expect(out.statusCode).toBe(200);
    expect(newsletterState(await user(ben))).toBe('optedOut');
    // The confirm link of a withdrawn request no longer works.
    const link =
      smtp.mailsTo(BEN.email)[0]?.links.find((candidate) => candidate.includes('/optin?token=')) ?? '';
    const late = await confirm(new URL(link).searchParams.get('token') ?? '');
    expect(late.statusCode).toBe(409);
    expect(newsletterState(await user(ben))).toBe('optedOut');
  });

  it('unknown and expired links answer 410 PSOF0245; optout without login or token 401', async () => {
    const unknown = await confirm('x'.repeat(43));
    expect(unknown.statusCode).toBe(410);
    expect(unknown.json().code).toBe('PSOF0245');
    const missing = await app.inject({
      method: 'PUT',
      url: '/api/v1/alpha/empfehler/newsletter/optin',
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    const anonymous = await optout({});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('PSOF0210');

    const anna = await authHeaders(app, 'alpha', ANNA);
    await app.database.kysely.updateTable('account').set({ newsletter_optin_versendet_am: null }).execute();
    smtp.reset();
    await optin(anna);
    const mail = await smtp.waitForMail((candidate) => candidate.to.includes(ANNA.email));
    await app.database.kysely
      .updateTable('newsletter_token')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('purpose', '=', 'optin')
      .execute();
    const link = mail.links.find((candidate) => candidate.includes('/optin?token=')) ?? '';
    const expired = await confirm(new URL(link).searchParams.get('token') ?? '');
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('PSOF0245');
  });

  it('is refused where the mandant offers no newsletter (ModuleNewsletterPermission: 403 PSOF0244)', async () => {
    const beta = await authHeaders(app, 'beta', BETA_ANNA);
    const response = await optin(beta, 'beta');
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('PSOF0244');
  });

  it('needs a login to ask for it (401)', async () => {
    expect((await optin({})).statusCode).toBe(401);
  });
});
