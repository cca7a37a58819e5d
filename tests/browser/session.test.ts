import { describe, expect, it } from 'vitest';
import { axeViolations, browserHarness, openPage, waitForPageReady } from '../support/browser.ts';
import {
  ANNA,
  expectH1,
  expiredJwt,
  JONAS,
  storedToken,
  submitLogin,
  tokenCookie,
  withoutFailedRequests,
} from './fixtures/session.ts';

/**
 * Issue 3, session (SPEC 4, 6, 8, 9) in Chromium against the real server and its demo accounts:
 * login, the way back after login, logout, expiry, the 401 rule, admin and agency login.
 */
const harness = browserHarness();
const telko = () => harness.server.url('telko');

describe('login and logout (SPEC 4)', () => {
  it('logs in with the demo account; the personal area greets by name; token in cookie and storage', async () => {
    const { page, errors } = await openPage(harness.browser);
    await page.goto(`${telko()}/de/login`);
    await waitForPageReady(page);
    await expectH1(page, 'Anmelden');
    expect(await axeViolations(page)).toEqual([]);

    await submitLogin(page, ANNA);
    await page.waitForURL(/\/de\/persoenlicher-bereich$/);
    await expectH1(page, 'Hallo Anna');
    expect(await axeViolations(page)).toEqual([]);
    const token = await storedToken(page);
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(await tokenCookie(page)).toBe(token);
    expect(errors).toEqual([]);

    // A reload restores the session from the stored token (GET /account/user).
    await page.reload();
    await expectH1(page, 'Hallo Anna');
    await page.context().close();
  });

  it('shows accessible field errors, and the server’s message for a wrong password', async () => {
    const { page, errors } = await openPage(harness.browser);
    await page.goto(`${telko()}/de/login`);
    await waitForPageReady(page);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    const email = page.getByLabel('E-Mail-Adresse');
    const password = page.getByLabel(/^Passwort/);
    await expect(email.getAttribute('aria-invalid')).resolves.toBe('true');
    // Each message is in the form's summary (an alert) and under its field as the field's accessible
    // description, so screen readers read it with the field.
    const summary = page.getByRole('alert');
    await expect(summary.textContent()).resolves.toContain('E-Mail-Adresse ist ein Pflichtfeld');
    await expect(summary.textContent()).resolves.toContain('Passwort ist ein Pflichtfeld');
    const emailError = page.locator(`[id="${await email.getAttribute('aria-describedby')}"]`);
    const passwordError = page.locator(`[id="${await password.getAttribute('aria-describedby')}"]`);
    await expect(emailError.textContent()).resolves.toBe('E-Mail-Adresse ist ein Pflichtfeld');
    await expect(emailError.isVisible()).resolves.toBe(true);
    await expect(passwordError.textContent()).resolves.toBe('Passwort ist ein Pflichtfeld');
    await expect(passwordError.isVisible()).resolves.toBe(true);
    // The first invalid field has the focus.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(await email.getAttribute('id'));
    expect(await axeViolations(page)).toEqual([]);

    await submitLogin(page, { email: ANNA.email, password: 'Falsch2026' });
    await expect(page.getByRole('alert').textContent()).resolves.toBe(
      'E-Mail-Adresse oder Passwort ist falsch.',
    );
    expect(new URL(page.url()).pathname).toBe('/de/login');
    expect(await axeViolations(page)).toEqual([]);
    expect(withoutFailedRequests(errors)).toEqual([]);
    await page.context().close();
  });

  it('logs in to the language stored with the account', async () => {
    const { page } = await openPage(harness.browser);
    await page.goto(`${telko()}/de/login`);
    await waitForPageReady(page);
    await submitLogin(page, JONAS);
    await page.waitForURL(/\/en\/persoenlicher-bereich$/);
    await expectH1(page, 'Hello Jonas');
    await page.context().close();
  });

  it('the logout page ends the session on the server and here, and confirms it', async () => {
    const { page, errors } = await openPage(harness.browser);
    await page.goto(`${telko()}/de/login`);
    await waitForPageReady(page);
    await submitLogin(page, ANNA);
    await page.waitForURL(/persoenlicher-bereich$/);
    const token = await storedToken(page);

    // The header's link (the personal area offers one too).
    await page.getByRole('banner').getByRole('link', { name: 'Abmelden' }).click();
    await page.waitForURL(/\/de\/logout$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Sie sind abgemeldet' }).waitFor(),
    ).resolves.toBeUndefined();
    expect(await storedToken(page)).toBeNull();
    expect(await tokenCookie(page)).toBeUndefined();
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);

    // The server revoked the token: a copy of it is useless now.
    const answer = await fetch(`${harness.server.url()}/api/v1/telko/account/user`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(401);
    await page.context().close();
  });
});

describe('the session ends by itself (SPEC 4, 8)', () => {
  it('an expired token in storage is removed and the page reloads (SPEC 4)', async () => {
    const { page } = await openPage(harness.browser);
    await page.goto(`${telko()}/de/`);
    await waitForPageReady(page);
    // A session keeps its token in storage and in the cookie the server reads, as a login leaves them.
    const token = expiredJwt();
    await page.evaluate(
      (value) => window.localStorage.setItem(`${window.location.host}_token`, value),
      token,
    );
    await page.context().addCookies([{ name: 'psoe_token', value: token, url: telko(), sameSite: 'Lax' }]);

    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    await page.goto(`${telko()}/de/persoenlicher-bereich`);
    // The login page's heading is in the server's first paint, so it can show before the reload: wait
    // for the second load itself, not for what it shows.
    await expect.poll(() => loads).toBe(2);
    await page.waitForURL(/\/de\/login\?redirect=Dashboard$/);
    await expectH1(page, 'Anmelden');
    expect(await storedToken(page)).toBeNull();
    expect(await tokenCookie(page)).toBeUndefined();
    await page.context().close();
  });

  it('a token that expires while the page is open logs out and reloads at the next 60-second check', async () => {
    const { page } = await openPage(harness.browser);
    await page.clock.install();
    await page.goto(`${telko()}/de/login`);
    await waitForPageReady(page);
    await submitLogin(page, ANNA);
    await page.waitForURL(/persoenlicher-bereich$/);
    await expectH1(page, 'Hallo Anna');

    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    // The server's tokens live 480 minutes; one check after that ends the session.
    await page.clock.fastForward('08:01:00');
    await page.waitForURL(/\/de\/login\?redirect=Dashboard$/);
    await expectH1(page, 'Anmelden');
    expect(loads).toBeGreaterThanOrEqual(1);
    expect(await storedToken(page)).toBeNull();
    await page.context().close();
  });

  it('a 401 answer logs out: the token revoked elsewhere ends the session at the next call', async () => {
    const { page, errors } = await openPage(harness.browser);
    await page.goto(`${telko()}/de/login`);
    await waitForPageReady(page);
    await submitLogin(page, ANNA);
    await page.waitForURL(/persoenlicher-bereich$/);
    const token = await storedToken(page);

    const revoked = await fetch(`${harness.server.url()}/api/v1/telko/account/logout`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(revoked.status).toBe(204);

    await page.goto(`${telko()}/de/persoenlicher-bereich`);
    await page.waitForURL(/\/de\/login\?redirect=Dashboard$/);
    await expectH1(page, 'Anmelden');
    expect(await storedToken(page)).toBeNull();
    expect(await tokenCookie(page)).toBeUndefined();
    expect(withoutFailedRequests(errors)).toEqual([]);
    await page.context().close();
  });
});

describe('admin login (SPEC 2: a token appended to the login path)', () => {
  it('logs in with a login token and goes home; the token works once (PSOF0209)', async () => {
    const token = await harness.server.app.issueLoginToken('telko', ANNA.email);
    const { page, errors } = await openPage(harness.browser);
    await page.goto(`${telko()}/de/login/${token}`);
    await page.waitForURL(/\/de\/$/);
    await waitForPageReady(page);
    await page.goto(`${telko()}/de/persoenlicher-bereich`);
    await expectH1(page, 'Hallo Anna');
    expect(errors).toEqual([]);

    const second = await openPage(harness.browser);
    await second.page.goto(`${telko()}/de/login/${token}`);
    await expect(second.page.getByRole('alert').textContent()).resolves.toBe(
      'Dieser Anmeldelink wurde bereits verwendet.',
    );
    expect(await axeViolations(second.page)).toEqual([]);
    await second.page.context().close();
    await page.context().close();
  });

  it('an unknown or expired link says so (PSOF0201)', async () => {
    const { page } = await openPage(harness.browser);
    await page.goto(`${telko()}/de/login/${'x'.repeat(43)}`);
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/^Dieser Link ist abgelaufen\./);
    await expect(
      page.getByRole('link', { name: 'Mit E-Mail-Adresse und Passwort anmelden' }).getAttribute('href'),
    ).resolves.toBe('/de/login');
    await page.context().close();
  });
});

describe('agency login (SPEC 2: agency pages need an agency login)', () => {
  it('the invitation link’s token signs the agency user in; logout ends it', async () => {
    const token = await harness.server.app.issueAgencyToken('telko', 'agentur@netzplus.example');
    const { page, errors } = await openPage(harness.browser);
    await page.goto(`${telko()}/de/agentur/login?t=${token}`);
    await page.waitForURL(/\/de\/agentur\/bereich$/);
    await expectH1(page, 'Agenturbereich');
    await expect(
      page.getByText('Angemeldet als Nora Nordlicht (agentur@netzplus.example).').isVisible(),
    ).resolves.toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // The area's own logout (the header offers the agency's logout too).
    await page.getByRole('main').getByRole('button', { name: 'Abmelden' }).click();
    await page.waitForURL(/\/de\/agentur\/login\?redirect=AgencyArea$/);
    await expectH1(page, 'Anmeldung für Agenturen');
    expect(await storedToken(page)).toBeNull();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('language choice of a logged-in user (SPEC 2)', () => {
  it('switching the language tells the server', async () => {
    const { page } = await openPage(harness.browser);
    await page.goto(`${telko()}/de/login`);
    await waitForPageReady(page);
    await submitLogin(page, ANNA);
    await page.waitForURL(/persoenlicher-bereich$/);
    const token = await storedToken(page);
    const saved = page.waitForResponse((response) => response.url().includes('/account/updateLanguage'));
    await page.locator('a[hreflang="en"]').first().click();
    await page.waitForURL(/\/en\/persoenlicher-bereich$/);
    expect((await saved).status()).toBe(200);
    const user = await fetch(`${harness.server.url()}/api/v1/telko/account/user`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(((await user.json()) as { Language: string }).Language).toBe('en');
    // Back to German for the other tests of this demo account.
    const restored = page.waitForResponse((response) => response.url().includes('/account/updateLanguage'));
    await page.locator('a[hreflang="de"]').first().click();
    await page.waitForURL(/\/de\/persoenlicher-bereich$/);
    expect((await restored).status()).toBe(200);
    await page.context().close();
  });
});
