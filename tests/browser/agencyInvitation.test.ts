import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, browserHarness, openPage } from '../support/browser.ts';
import { expectH1, withoutFailedRequests } from './fixtures/session.ts';

/**
 * Issue 14, the invited customer in Chromium against the real server (no SMTP_URL: the mail stays in the
 * outbox): an employee of telko's demo agency invites a customer (PUT Einladung), the customer opens the
 * mailed link, is greeted by name, completes the registration with a password and the terms, and lands in the
 * personal area logged in. axe runs on the page in de and en, and on its error states.
 */
const harness = browserHarness();
const telko = () => harness.server.url('telko');
/** telko's demo agency (mandants/telko/demo/agency.json): an employee with the invitation tool. */
const EMPLOYEE = 'mia.mitarbeiterin@netzplus.example';
const PASSWORD = 'Freundschaft7Werben';

/** Invites a fresh address as the employee; answers the address and the path of the mailed link. */
async function invite(language: 'de' | 'en', vorname: string): Promise<{ email: string; path: string }> {
  const app = harness.server.app;
  const email = `eingeladen.${language}.${Date.now()}@kunden.example`;
  const token = await app.issueAgencyToken('telko', EMPLOYEE);
  const response = await app.inject({
    method: 'PUT',
    url: '/api/v1/telko/Einladung',
    headers: {
      authorization: `Bearer ${token}`,
      'x-accept-language': language,
      host: new URL(telko()).host,
    },
    payload: { Vorname: vorname, Nachname: 'Kundin', Email: email, Art: 'VorOrt' },
  });
  expect(response.statusCode, response.body).toBe(201);
  const mail = (await app.mail.list(50)).find((candidate) => candidate.recipient === email);
  const link = mail?.text?.match(/https?:\/\/\S+\/einladung\/\S+/)?.[0];
  if (!link) throw new Error(`no invitation link in the mail to ${email}`);
  // The link points to the host the invitation was sent from.
  expect(new URL(link).origin).toBe(telko());
  return { email, path: new URL(link).pathname };
}

async function expectNoViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

describe('agency invitation (issue 14)', () => {
  it('the mailed link greets the customer, registers them and opens the personal area logged in (de)', async () => {
    const { email, path } = await invite('de', 'Karla');
    expect(path).toMatch(/^\/de\/einladung\/[A-Za-z0-9_-]{43}$/);
    const { page, errors } = await openPage(harness.browser);
    await page.goto(`${telko()}${path}`);
    await expectH1(page, 'Ihre Einladung');
    await page.getByText('Willkommen, Karla Kundin!').waitFor();
    await page.getByText('Vertriebsagentur Nordlicht GmbH hat Sie eingeladen', { exact: false }).waitFor();
    await page.getByText(`Ihr Konto: ${email}`).waitFor();
    await expectNoViolations(page);

    // SPEC 5 in the browser: the empty form names its fields, the terms box says it is required.
    const submit = page.getByRole('button', { name: 'Registrierung abschließen und anmelden' });
    await submit.click();
    await expect(page.getByLabel(/^Passwort( \*)?$/).getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.getByRole('checkbox').getAttribute('aria-invalid')).resolves.toBe('true');
    await expectNoViolations(page);

    await page.getByLabel(/^Passwort( \*)?$/).fill(PASSWORD);
    await page.getByLabel(/^Passwort wiederholen( \*)?$/).fill(PASSWORD);
    await page.getByRole('checkbox').check();
    await submit.click();
    await page.waitForURL(`${telko()}/de/persoenlicher-bereich`);
    const account = page.getByRole('navigation', { name: 'Konto', exact: true });
    await account.getByRole('link', { name: 'Abmelden' }).waitFor();
    await expectNoViolations(page);

    // The account belongs to the agency and the employee who invited.
    const row = await harness.server.app.database.kysely
      .selectFrom('account')
      .innerJoin('agency_user', 'agency_user.id', 'account.agency_user_id')
      .select(['agency_user.email as employee', 'account.agency_id'])
      .where('account.mandant_id', '=', 'telko')
      .where('account.email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.employee).toBe(EMPLOYEE);
    expect(row.agency_id).not.toBeNull();

    // The link is used: opening it again says so.
    await page.goto(`${telko()}${path}`);
    await expect(page.getByRole('alert').textContent()).resolves.toContain('bereits verwendet');
    await expectNoViolations(page);
    expect(withoutFailedRequests(errors)).toEqual([]);
  });

  it('speaks English on the English link, with no axe violation', async () => {
    const { path } = await invite('en', 'Kim');
    expect(path).toMatch(/^\/en\/einladung\//);
    const { page } = await openPage(harness.browser, { locale: 'en-GB' });
    await page.goto(`${telko()}${path}`);
    await expectH1(page, 'Your invitation');
    await page.getByText('Welcome, Kim Kundin!').waitFor();
    await page.getByRole('button', { name: 'Complete registration and log in' }).waitFor();
    await expectNoViolations(page);
    await page.getByRole('button', { name: 'Complete registration and log in' }).click();
    await expect(page.getByRole('checkbox').getAttribute('aria-invalid')).resolves.toBe('true');
    await expectNoViolations(page);
  });
});
