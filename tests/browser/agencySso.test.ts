import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalIdentityProvider } from '../../server/agency/sso/localIdentityProvider.ts';
import { startLocalAgencyProvider } from '../../server/agency/sso/startLocalProvider.ts';
import { axeViolations, browserHarness, openPage, waitForPageReady } from '../support/browser.ts';
import { expectH1, storedToken, withoutFailedRequests } from './fixtures/session.ts';

/**
 * Issue 14, agency sign-in in Chromium against the real server: an employee signs in through the local
 * identity provider (authorization code flow with PKCE S256, the provider's real sign-in form) and lands in
 * the agency area; the answer of a sign-in this tab did not start is refused without asking the server;
 * e-mail and password sign in an agency user too. The login page is axe clean in German and English.
 */
const harness = browserHarness();
const telko = () => harness.server.url('telko');

const EMPLOYEE = {
  email: 'lena.lokal@sso-browser.example',
  name: 'Lena Lokal',
  password: 'Agentur-Passwort-8',
};
const PASSWORD_USER = { email: 'paul.passwort@sso-browser.example', password: 'Agentur-Passwort-7' };

let provider: LocalIdentityProvider | undefined;

beforeAll(async () => {
  const app = harness.server.app;
  const db = app.database.kysely;
  const agency = await db
    .insertInto('agency')
    .values({
      mandant_id: 'telko',
      agenturnummer: 'A-SSO-1',
      firma: 'Browsertest Agentur GmbH',
      sso_department: 'sso-browser',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('agency_user')
    .values([
      {
        mandant_id: 'telko',
        email: EMPLOYEE.email,
        name: EMPLOYEE.name,
        roles: ['employee'],
        agency_id: agency.id,
        password_hash: await app.passwordHasher.hash(EMPLOYEE.password),
      },
      {
        mandant_id: 'telko',
        email: PASSWORD_USER.email,
        name: 'Paul Passwort',
        roles: ['owner'],
        agency_id: agency.id,
        password_hash: await app.passwordHasher.hash(PASSWORD_USER.password),
      },
    ])
    .execute();
  provider = await startLocalAgencyProvider(app, { port: 0 });
});
afterAll(async () => {
  await provider?.close();
});

async function openLogin(page: Page, language: 'de' | 'en'): Promise<void> {
  await page.goto(`${telko()}/${language}/agentur/login`);
  await waitForPageReady(page);
}

/** What the runtime stored as the agency session's token, decoded. */
async function tokenKind(page: Page): Promise<string | undefined> {
  const token = await storedToken(page);
  if (!token) return undefined;
  const [, payload = ''] = token.split('.');
  return (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { kind?: string }).kind;
}

describe('agency sign-in page (issue 14)', () => {
  it('offers single sign-on and e-mail and password, axe clean in German and English', async () => {
    const { page, errors } = await openPage(harness.browser);
    await openLogin(page, 'de');
    await expectH1(page, 'Anmeldung für Agenturen');
    await page.getByRole('button', { name: 'Mit Single Sign-on anmelden' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Mit E-Mail und Passwort anmelden' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await openLogin(page, 'en');
    await expectH1(page, 'Agency sign-in');
    await page.getByRole('button', { name: 'Sign in with single sign-on' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Sign in with e-mail and password' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('an employee signs in through the identity provider and lands in the agency area', async () => {
    const { page, errors } = await openPage(harness.browser);
    const exchanges: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/agentur/sso') && request.method() === 'PUT') exchanges.push(request.url());
    });
    await openLogin(page, 'de');
    await page.getByRole('button', { name: 'Mit Single Sign-on anmelden' }).click();

    // The provider's own sign-in page (a real form submit), in the visitor's language; a wrong password
    // keeps the visitor there.
    await page.waitForURL(
      (url) => url.origin === provider?.issuer && url.pathname.startsWith('/interaction/'),
    );
    await page.getByRole('heading', { level: 1, name: 'Anmeldung bei der Agentur' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('E-Mail-Adresse').fill(EMPLOYEE.email);
    await page.getByLabel('Passwort').fill('Falsches-Passwort-1');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe(
      'E-Mail-Adresse oder Passwort ist falsch.',
    );
    await page.getByLabel('Passwort').fill(EMPLOYEE.password);
    await page.getByRole('button', { name: 'Anmelden' }).click();

    await page.waitForURL(/\/de\/agentur\/bereich$/, { timeout: 20_000 });
    await waitForPageReady(page);
    expect(exchanges).toHaveLength(1);
    expect(await tokenKind(page)).toBe('agency');
    await expect(page.getByText(EMPLOYEE.email).first().isVisible()).resolves.toBe(true);
    // The code and state are gone from the address; the flow's state is gone from the tab.
    expect(new URL(page.url()).search).toBe('');
    expect(await page.evaluate(() => sessionStorage.getItem('agencySso'))).toBeNull();
    // The provider's refusal of the wrong password (401) is the one failed request.
    expect(withoutFailedRequests(errors)).toEqual([]);
    await page.context().close();
  });

  it('sends PKCE S256 and a fresh state to the provider', async () => {
    const { page } = await openPage(harness.browser);
    await openLogin(page, 'en');
    // The way to the provider is cut, so the tab stays here with the flow it stored.
    await page.route(`${provider?.issuer}/**`, (route) => route.abort('aborted'));
    const request = page.waitForRequest((candidate) =>
      candidate.url().startsWith(`${provider?.issuer}/auth`),
    );
    await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
    const url = new URL((await request).url());
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe('netzplus-agenturen');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('scope')).toBe('openid department az_basic');
    expect(url.searchParams.get('redirect_uri')).toBe(`${telko()}/en/agentur/login`);
    expect(url.searchParams.get('ui_locales')).toBe('en');
    const pending = JSON.parse((await page.evaluate(() => sessionStorage.getItem('agencySso'))) ?? '{}') as {
      state?: string;
      verifier?: string;
    };
    expect(url.searchParams.get('state')).toBe(pending.state);
    expect(pending.state).toMatch(/^[\w-]{43}$/);
    expect(pending.verifier).toMatch(/^[\w-]{43}$/);
    const challenge = createHash('sha256')
      .update(pending.verifier ?? '')
      .digest('base64url');
    expect(url.searchParams.get('code_challenge')).toBe(challenge);
    await page.context().close();
  });

  it('refuses an answer whose state this tab did not send, without asking the server', async () => {
    const { page, errors } = await openPage(harness.browser);
    const exchanges: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/agentur/sso') && request.method() === 'PUT') exchanges.push(request.url());
    });
    await page.goto(`${telko()}/de/agentur/login?code=fremder-code&state=fremder-state`);
    await waitForPageReady(page);
    await expect(page.getByRole('alert').textContent()).resolves.toContain(
      'Diese Anmeldung wurde nicht in diesem Browserfenster begonnen',
    );
    expect(exchanges).toEqual([]);
    expect(await storedToken(page)).toBeNull();
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('still signs in with the invitation link’s token (?t=)', async () => {
    const app = harness.server.app;
    const token = await app.issueAgencyToken('telko', PASSWORD_USER.email);
    const { page, errors } = await openPage(harness.browser);
    await page.goto(`${telko()}/de/agentur/login?t=${token}`);
    await page.waitForURL(/\/de\/agentur\/bereich$/);
    await waitForPageReady(page);
    expect(await tokenKind(page)).toBe('agency');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('signs an agency user in with e-mail and password; a wrong password shows the server’s message', async () => {
    const { page, errors } = await openPage(harness.browser);
    await openLogin(page, 'de');
    await page.getByLabel('E-Mail-Adresse').fill(PASSWORD_USER.email);
    await page.getByLabel(/^Passwort(?: \*)?$/).fill('Falsches-Passwort-1');
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe(
      'E-Mail-Adresse oder Passwort ist falsch.',
    );
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel(/^Passwort(?: \*)?$/).fill(PASSWORD_USER.password);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.waitForURL(/\/de\/agentur\/bereich$/);
    await waitForPageReady(page);
    expect(await tokenKind(page)).toBe('agency');
    expect(withoutFailedRequests(errors)).toEqual([]);
    await page.context().close();
  });
});
