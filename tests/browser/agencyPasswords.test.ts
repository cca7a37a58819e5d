import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, browserHarness, openPage } from '../support/browser.ts';
import { expectH1, withoutFailedRequests } from './fixtures/session.ts';

/**
 * Issue 14, agency staff passwords in Chromium against the real server (no SMTP_URL: mails stay in the
 * outbox): the owner of telko's demo agency adds a member of staff, who asks for a new password on the
 * agency login's "Passwort vergessen?", opens the mailed reset link, sets a password, lands in the agency area
 * signed in and changes the password there. axe runs on the forgot and reset pages in de and en.
 */
const harness = browserHarness();
const telko = () => harness.server.url('telko');
/** The owner of telko's demo agency (mandants/telko/demo/agency.json). */
const OWNER = 'agentur@netzplus.example';
const PASSWORD = 'Freundschaft7Werben';
const CHANGED = 'Agenturpasswort8Neu';

/** A new member of staff of the demo agency, added by the owner; answers the address. */
async function addStaff(): Promise<string> {
  const app = harness.server.app;
  const email = `neu.${Date.now()}@nordlicht.example`;
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/telko/agentur/mitarbeiter',
    headers: {
      authorization: `Bearer ${await app.issueAgencyToken('telko', OWNER)}`,
      host: new URL(telko()).host,
    },
    payload: { Name: 'Paula Passwort', Email: email, Rolle: 'employee' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return email;
}

/** The path of the newest mailed link to `email` that leads to `route` (a path below the language). */
async function mailedPath(email: string, route: string): Promise<string> {
  const mails = (await harness.server.app.mail.list(50)).filter((mail) => mail.recipient === email);
  const link = mails
    .map((mail) => mail.text?.match(new RegExp(`https?://\\S+${route}/[A-Za-z0-9_-]{43}`))?.[0])
    .find(Boolean);
  if (!link) throw new Error(`no ${route} link in the mails to ${email}`);
  expect(new URL(link).origin).toBe(telko());
  return new URL(link).pathname;
}

async function expectNoViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

describe('agency staff passwords (issue 14)', () => {
  it('forgot password from the agency login, the mailed reset link sets the password and opens the agency area (de)', async () => {
    const email = await addStaff();
    const { page, errors } = await openPage(harness.browser);
    await page.goto(`${telko()}/de/agentur/login`);
    await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
    await page.waitForURL(`${telko()}/de/agentur/passwort-vergessen`);
    await expectH1(page, 'Passwort für den Agenturbereich vergessen');
    await expectNoViolations(page);

    await page.getByLabel(/^E-Mail-Adresse/).fill(email);
    await page.getByRole('button', { name: 'Link anfordern' }).click();
    await page.getByText(`Gehört ${email} zu einem Agenturzugang`, { exact: false }).waitFor();
    await expectNoViolations(page);

    const path = await mailedPath(email, '/agentur/passwort-zuruecksetzen');
    expect(path).toMatch(/^\/de\/agentur\/passwort-zuruecksetzen\//);
    await page.goto(`${telko()}${path}`);
    await expectH1(page, 'Neues Passwort für den Agenturbereich');
    const password = page.getByLabel(/^Neues Passwort( \*)?$/);
    await password.waitFor();
    await expectNoViolations(page);
    await password.fill(PASSWORD);
    await page.getByLabel(/^Passwort wiederholen( \*)?$/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Passwort speichern und anmelden' }).click();
    await page.waitForURL(`${telko()}/de/agentur/bereich`);
    await expectH1(page, 'Agenturbereich');

    // Signed in, the staff member changes the password on the area's start page.
    await page.getByRole('link', { name: 'Passwort ändern' }).click();
    await page.waitForURL(`${telko()}/de/agentur/passwort-aendern`);
    await page.getByLabel(/^Aktuelles Passwort( \*)?$/).fill(PASSWORD);
    await page.getByLabel(/^Neues Passwort( \*)?$/).fill(CHANGED);
    await page.getByLabel(/^Passwort wiederholen( \*)?$/).fill(CHANGED);
    await page.getByRole('button', { name: 'Passwort ändern' }).click();
    await page.getByRole('status').getByText('Passwort erfolgreich geändert.', { exact: false }).waitFor();
    await expectNoViolations(page);
    // The session goes on with the answer's token.
    await page.getByRole('link', { name: 'Zum Agenturbereich' }).click();
    await expectH1(page, 'Agenturbereich');

    // The password works on the agency login, and the link is used up.
    const login = await harness.server.app.inject({
      method: 'POST',
      url: '/api/v1/telko/agentur/login',
      payload: { Email: email, Password: CHANGED },
    });
    expect(login.statusCode, login.body).toBe(200);
    await page.goto(`${telko()}${path}`);
    const again = page.getByLabel(/^Neues Passwort( \*)?$/);
    await again.fill(PASSWORD);
    await page.getByLabel(/^Passwort wiederholen( \*)?$/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Passwort speichern und anmelden' }).click();
    await page.getByRole('alert').waitFor();
    await expect(page.getByRole('link', { name: 'Neuen Link anfordern' }).getAttribute('href')).resolves.toBe(
      '/de/agentur/passwort-vergessen',
    );
    await expectNoViolations(page);
    expect(withoutFailedRequests(errors)).toEqual([]);
  });

  it('speaks English on the forgot and reset pages, with no axe violation', async () => {
    const email = await addStaff();
    const { page } = await openPage(harness.browser, { locale: 'en-GB' });
    await page.goto(`${telko()}/en/agentur/passwort-vergessen`);
    await expectH1(page, 'Forgot your agency area password');
    await page.getByLabel(/^E-mail address/i).waitFor();
    await expectNoViolations(page);

    // The welcome link of the staff mail leads to the same form (AgencySetPassword).
    const welcome = await mailedPath(email, '/agentur/passwort-setzen');
    await page.goto(`${telko()}${welcome.replace(/^\/de\//, '/en/')}`);
    await expectH1(page, 'Your access to the agency area');
    await page.getByRole('button', { name: 'Choose password and sign in' }).waitFor();
    await expectNoViolations(page);

    const reset = await harness.server.app.inject({
      method: 'PUT',
      url: '/api/v1/telko/agentur/passwortVergessen',
      headers: { host: new URL(telko()).host, 'x-accept-language': 'en' },
      payload: { Email: email },
    });
    expect(reset.statusCode).toBe(202);
    const path = await mailedPath(email, '/agentur/passwort-zuruecksetzen');
    await page.goto(`${telko()}${path.replace(/^\/de\//, '/en/')}`);
    await expectH1(page, 'New password for the agency area');
    await page.getByRole('button', { name: 'Save password and sign in' }).waitFor();
    await expectNoViolations(page);
  });
});
