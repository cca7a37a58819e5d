import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, browserHarness, openPage, waitForPageReady } from '../support/browser.ts';
import { signInToBackoffice, tablesLoaded } from './fixtures/backoffice.ts';
import { ANNA, expectH1 } from './fixtures/session.ts';

/**
 * Issue 15 support and agencies in Chromium on the telko demo: the operator (service@, password and TOTP)
 * finds Anna, opens SPEC's admin token login in a new tab and sees her personal area there, opens the
 * erasure dialog (focus inside, Escape closes it) and activates an agency that registered itself through
 * the registration API; its owner can then sign in. Axe on every page and state in German and English.
 */
const harness = browserHarness();
const telko = () => harness.server.url('telko');
const OPERATOR = 'service@netzplus.example';
const AGENCY_PASSWORD = 'Agenturstart7Werben';

async function expectNoViolations(page: Page, where: string): Promise<void> {
  expect(await axeViolations(page), where).toEqual([]);
}

let counter = 0;

/** An agency that registered itself through the public API and waits in `pending`. */
async function pendingAgency(): Promise<{ email: string; firma: string }> {
  const app = harness.server.app;
  counter += 1;
  const email = `inhaberin${counter}.${Date.now()}@neue-agentur.example`;
  const firma = `Browseragentur ${counter} ${Date.now()} GmbH`;
  const registered = await app.inject({
    method: 'POST',
    url: '/api/v1/telko/agentur/registrieren',
    payload: {
      Firma: firma,
      Vorname: 'Ina',
      Nachname: 'Inhaberin',
      Email: email,
      Password: AGENCY_PASSWORD,
      PasswordConfirm: AGENCY_PASSWORD,
      Agb: true,
    },
  });
  expect(registered.statusCode, registered.body).toBe(202);
  const mail = (await app.mail.list(500)).find((candidate) => candidate.recipient === email);
  const link = mail?.text?.match(/\/agentur\/bestaetigen\/(\S+)/)?.[1];
  if (!link) throw new Error(`no confirmation link to ${email}`);
  const confirmed = await app.inject({
    method: 'PUT',
    url: '/api/v1/telko/agentur/bestaetigen',
    payload: { Token: decodeURIComponent(link) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const data = await app.inject({
    method: 'PUT',
    url: '/api/v1/telko/agentur/registrieren/daten',
    payload: {
      Token: confirmed.json<{ Token: string }>().Token,
      Strasse: 'Am Markt 1',
      Plz: '20095',
      Ort: 'Hamburg',
      Steuernummer: '22/815/08154',
      KontaktTelefon: '+49 40 123456',
    },
  });
  expect(data.statusCode, data.body).toBe(200);
  return { email, firma };
}

describe('back-office support and agencies (issue 15)', () => {
  it('the operator finds Anna, opens her view by admin login, opens the erasure dialog; axe in de and en', async () => {
    const { page, errors } = await openPage(harness.browser);
    await signInToBackoffice(page, telko(), '/backoffice/support', OPERATOR, 'Support für Empfehler');
    await tablesLoaded(page);
    await expectNoViolations(page, 'support (de)');

    await page.getByLabel(/^Suchbegriff/).fill(ANNA.email);
    await page.getByRole('button', { name: 'Suchen', exact: true }).click();
    const results = page.getByRole('table', { name: 'Gefundene Empfehler' });
    await results.getByText(ANNA.email, { exact: true }).waitFor();
    await tablesLoaded(page);
    expect(await results.locator('tbody tr').count()).toBe(1);
    await page.getByRole('button', { name: 'Anna Beispiel öffnen' }).click();
    await page.getByRole('heading', { level: 2, name: 'Empfehler: Anna Beispiel' }).waitFor();
    await page.getByRole('heading', { level: 3, name: 'Letzte E-Mails' }).waitFor();
    await expectNoViolations(page, 'support, card (de)');

    // SPEC's admin token login in a new tab: Anna's own area.
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: /^Ansicht des Empfehlers öffnen/ }).click(),
    ]);
    await popup.waitForURL(/\/de\/$/, { timeout: 15_000 });
    await waitForPageReady(popup);
    await popup.goto(`${telko()}/de/persoenlicher-bereich`);
    await expectH1(popup, 'Hallo Anna');
    await popup.close();
    await page.getByText(/^Die Ansicht des Empfehlers wurde in einem neuen Tab geöffnet/).waitFor();
    const audit = await harness.server.app.database.kysely
      .selectFrom('audit_log')
      .select(['action', 'subject_type'])
      .where('mandant_id', '=', 'telko')
      .where('actor_email', '=', OPERATOR)
      .where('action', '=', 'recommender.adminLogin')
      .execute();
    expect(audit).toHaveLength(1);
    await expectNoViolations(page, 'support, admin login opened (de)');

    // The erasure dialog: focus inside, axe, Escape closes it and the focus returns; nothing erased.
    const eraseButton = page.getByRole('button', { name: 'Daten löschen (DSGVO)' });
    await eraseButton.click();
    const dialog = page.getByRole('dialog', { name: 'Daten endgültig löschen?' });
    await dialog.waitFor();
    await page.waitForFunction(() => document.activeElement?.closest('dialog') !== null);
    await dialog.getByRole('button', { name: 'Endgültig löschen' }).click();
    await dialog.getByRole('alert').first().waitFor();
    await expectNoViolations(page, 'support, erase dialog with a problem (de)');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect(eraseButton.evaluate((button) => button === document.activeElement)).resolves.toBe(true);

    // English: the same page and states.
    await page.goto(`${telko()}/en/backoffice/support`);
    await expectH1(page, 'Support for recommenders');
    await tablesLoaded(page);
    await expectNoViolations(page, 'support (en)');
    await page.getByLabel(/^Search term/).fill('Beispiel');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('table', { name: 'Recommenders found' }).getByText(ANNA.email).waitFor();
    await tablesLoaded(page);
    await page.getByRole('button', { name: 'Open Anna Beispiel' }).click();
    await page.getByRole('heading', { level: 2, name: 'Recommender: Anna Beispiel' }).waitFor();
    await expectNoViolations(page, 'support, card (en)');
    await page.getByRole('button', { name: 'Erase data (GDPR)' }).click();
    await page.getByRole('dialog', { name: 'Erase the data for good?' }).waitFor();
    await expectNoViolations(page, 'support, erase dialog (en)');
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the operator activates an agency that registered itself; its owner can sign in; axe in de and en', async () => {
    const agency = await pendingAgency();
    const other = await pendingAgency();
    const { page, errors } = await openPage(harness.browser);
    await signInToBackoffice(page, telko(), '/backoffice/agenturen', OPERATOR, 'Agenturen');
    await tablesLoaded(page);
    await expectNoViolations(page, 'agencies (de)');
    const list = page.getByRole('table', { name: 'Agenturen, zu prüfende zuerst' });
    // Pending first.
    await expect(list.locator('tbody tr').first().textContent()).resolves.toContain('Zu prüfen');

    const before = await harness.server.app.inject({
      method: 'POST',
      url: '/api/v1/telko/agentur/login',
      payload: { Email: agency.email, Password: AGENCY_PASSWORD },
    });
    expect(before.json().code).toBe('PSOF0660');

    await page.getByRole('button', { name: `${agency.firma} öffnen` }).click();
    await page.getByRole('heading', { level: 2, name: agency.firma }).waitFor();
    await page.getByRole('heading', { level: 3, name: 'Entscheidung' }).waitFor();
    await expectNoViolations(page, 'agencies, pending detail (de)');
    await page.getByRole('button', { name: 'Entscheidung speichern' }).click();
    await page
      .getByText(`${agency.firma} wurde freigeschaltet. Die Inhaber wurden per E-Mail informiert.`)
      .waitFor();
    await tablesLoaded(page);
    await expectNoViolations(page, 'agencies, activated (de)');

    const after = await harness.server.app.inject({
      method: 'POST',
      url: '/api/v1/telko/agentur/login',
      payload: { Email: agency.email, Password: AGENCY_PASSWORD },
    });
    expect(after.statusCode, after.body).toBe(200);
    const mails = await harness.server.app.mail.list(500);
    expect(mails.some((mail) => mail.recipient === agency.email && mail.template === 'agencyActivated')).toBe(
      true,
    );

    // English, with the other pending agency: a rejection without a reason is refused at the field.
    await page.goto(`${telko()}/en/backoffice/agenturen`);
    await expectH1(page, 'Agencies');
    await tablesLoaded(page);
    await expectNoViolations(page, 'agencies (en)');
    await page.getByRole('button', { name: `Open ${other.firma}` }).click();
    await page.getByRole('heading', { level: 2, name: other.firma }).waitFor();
    await expectNoViolations(page, 'agencies, pending detail (en)');
    await page.getByRole('combobox', { name: /^Decision/ }).selectOption({ label: 'Reject' });
    await page.getByRole('button', { name: 'Save decision' }).click();
    await page.getByText('Please give a reason for the rejection.').first().waitFor();
    await expectNoViolations(page, 'agencies, rejection without a reason (en)');
    expect(errors.filter((error) => !error.includes('422'))).toEqual([]);
    await page.context().close();
  });
});
