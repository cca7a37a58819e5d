import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dumpAllTables, searchableDump } from '../server/personalAreaHelpers.ts';
import { axeViolations, browserHarness, openPage, waitForPageReady } from '../support/browser.ts';
import { ANNA, expectH1, submitLogin, withoutFailedRequests } from './fixtures/session.ts';

/**
 * Issue 5, the personal area end to end in Chromium against the real server and the telecom demo: login
 * as a demo account → the dashboard shows the demo recommendations with their statuses → choose a reward →
 * enter bank data → opt in to the newsletter through the link of the mail (from the outbox: the demo has
 * no SMTP relay) → export the data → delete the account → login fails and no table holds her data.
 * axe finds no WCAG 2.1 AA violation on any page or form error state on the way.
 */
const harness = browserHarness();
const telko = () => harness.server.url('telko');

async function expectNoViolations(page: Page, where: string): Promise<void> {
  expect(await axeViolations(page), where).toEqual([]);
}

/** The newest mail of the outbox to an address: its plain text. */
async function latestMailTo(address: string, template: string): Promise<string> {
  const mails = await harness.server.app.mail.list(50);
  const mail = mails.find((candidate) => candidate.recipient === address && candidate.template === template);
  if (!mail?.text) throw new Error(`no ${template} mail to ${address} in the outbox`);
  return mail.text;
}

describe('the personal area of a demo recommender (issue 5)', () => {
  it('dashboard → reward → bank data → newsletter → export → delete → login fails', async () => {
    const { page, errors } = await openPage(harness.browser);
    await page.goto(`${telko()}/de/login`);
    await waitForPageReady(page);
    await submitLogin(page, ANNA);
    await page.waitForURL(/\/de\/persoenlicher-bereich$/);
    await expectH1(page, 'Hallo Anna');

    // Dashboard: the demo recommendations in every status, explained, as three steps.
    const card = page.getByRole('listitem').filter({ hasText: '4710000003' });
    await card.waitFor();
    await expect(card.textContent()).resolves.toContain('Freigegeben');
    await expect(card.textContent()).resolves.toContain('L*** S***');
    await expect(card.textContent()).resolves.toContain('Prämie erhalten (als Nächstes)');
    const main = (await page.locator('main').textContent()) ?? '';
    for (const status of ['Offen', 'Ok', 'Freigegeben', 'Gezahlt', 'Abgelaufen', 'Storniert']) {
      expect(main, status).toContain(`Status: ${status}`);
    }
    expect(main).toContain('Ihre Prämie ist ausgezahlt. Vielen Dank für Ihre Empfehlung!');
    await expect(
      page.getByRole('complementary', { name: 'Tipp: Auch Internet mit Fernsehen empfehlen' }).isVisible(),
    ).resolves.toBe(true);
    await expectNoViolations(page, 'dashboard');

    // Reward choice: the 90 € reward that is ready.
    await page.getByRole('link', { name: 'Prämie wählen für Empfehlung 4710000003' }).click();
    await expectH1(page, 'Prämie wählen');
    await page.getByText('Ihre Prämie: 90,00 €').waitFor();
    await page.getByRole('heading', { level: 3, name: 'Überweisung auf Ihr Konto' }).waitFor();
    await expectNoViolations(page, 'reward choice');
    await page.getByRole('link', { name: 'Diese Prämie wählen: Überweisung auf Ihr Konto' }).click();
    await expectH1(page, 'Prämie anfordern');
    const vorname = page.getByLabel('Vorname');
    await expect.poll(() => vorname.inputValue()).toBe('Anna');
    await vorname.fill('');
    await page.getByRole('button', { name: 'Prämie anfordern' }).click();
    await page.getByText('Vorname ist ein Pflichtfeld').first().waitFor();
    await expectNoViolations(page, 'reward details with an error');
    await vorname.fill('Anna');
    await page.getByRole('button', { name: 'Prämie anfordern' }).click();
    await expectH1(page, 'Vielen Dank!');
    await page.getByText(/innerhalb von vier Wochen/).waitFor();
    await expectNoViolations(page, 'reward thanks');

    // Bank data, reached from the thanks page: a wrong IBAN first, then a right one; shown masked.
    await page.getByRole('link', { name: 'Bankdaten eingeben' }).click();
    await expectH1(page, 'Bankdaten');
    await page.getByText('Sie haben noch keine Bankdaten hinterlegt.').waitFor();
    await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 01');
    await page.getByLabel('Kontoinhaber').fill('Anna Beispiel');
    await page.getByRole('button', { name: 'Bankdaten speichern' }).click();
    await page.getByText('IBAN ist nicht gültig').first().waitFor();
    await expectNoViolations(page, 'bank data with an error');
    await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
    await page.getByRole('button', { name: 'Bankdaten speichern' }).click();
    await page.getByRole('status').filter({ hasText: 'Ihre Bankdaten wurden gespeichert.' }).waitFor();
    await page.getByText('DE89 **** **** **** **30 00').waitFor();
    await expectNoViolations(page, 'bank data saved');

    // The reward overview shows the collected reward.
    await page.goto(`${telko()}/de/praemien`);
    await expectH1(page, 'Meine Prämien');
    await page.getByText('Überweisung auf Ihr Konto', { exact: false }).first().waitFor();
    await expectNoViolations(page, 'reward overview');

    // Newsletter double opt-in: the link of the mail confirms, once.
    await page.goto(`${telko()}/de/meine-daten`);
    await expectH1(page, 'Meine Daten');
    await expectNoViolations(page, 'my data');
    // Anna's demo account starts opted in: withdraw first, then subscribe again through the mail.
    await page.getByRole('button', { name: 'Newsletter abbestellen' }).click();
    await page.getByText('Sie sind vom Newsletter abgemeldet.').waitFor();
    await page.getByRole('button', { name: 'Newsletter abonnieren' }).click();
    await page
      .getByText('Wir haben Ihnen eine E-Mail geschickt. Bitte bestätigen Sie darin Ihre Anmeldung.')
      .waitFor();
    await expectNoViolations(page, 'my data, newsletter pending');
    const mail = await latestMailTo(ANNA.email, 'newsletterOptin');
    const link = /https?:\/\/\S+\/de\/empfehler\/newsletter\/optin\?token=\S+/.exec(mail)?.[0];
    expect(link).toBeDefined();
    const optinUrl = new URL(link ?? '');
    await page.goto(`${telko()}${optinUrl.pathname}${optinUrl.search}`);
    await expectH1(page, 'Newsletter-Anmeldung bestätigen');
    await expectNoViolations(page, 'newsletter opt-in');
    await page.getByRole('button', { name: 'Anmeldung bestätigen' }).click();
    await page.getByRole('status').filter({ hasText: 'Ihre Anmeldung ist bestätigt' }).waitFor();
    await expectNoViolations(page, 'newsletter confirmed');
    await page.goto(`${telko()}/de/meine-daten`);
    await expectH1(page, 'Meine Daten');
    await page.getByText('Sie erhalten unseren Newsletter.').waitFor();

    // Data export (GDPR Art. 20): a JSON download of everything, the IBAN in full.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Meine Daten herunterladen' }).click();
    const file = await (await download).path();
    const exported = JSON.parse(await readFile(file, 'utf8'));
    expect(exported.Konto.Email).toBe(ANNA.email);
    expect(exported.Bankdaten).toEqual({ IBAN: 'DE89370400440532013000', Kontoinhaber: 'Anna Beispiel' });
    expect(exported.Newsletter.Status).toBe('optedIn');
    expect(exported.Empfehlungen.length).toBeGreaterThanOrEqual(8);
    await page.getByText('Ihre Daten wurden heruntergeladen.').waitFor();

    // Delete the account: a confirmation dialog first.
    await page.getByRole('button', { name: 'Konto löschen …' }).click();
    const dialog = page.getByRole('dialog', { name: 'Konto wirklich löschen?' });
    await dialog.waitFor();
    await expectNoViolations(page, 'delete dialog');
    await dialog.getByRole('button', { name: 'Ja, Konto endgültig löschen' }).click();
    await page.waitForURL(/\/de\/?$/);
    await waitForPageReady(page);
    expect(
      await page.evaluate(() => window.localStorage.getItem(`${window.location.host}_token`)),
    ).toBeNull();

    // Login fails now, and no table of the telecom demo holds her e-mail, name or IBAN.
    await page.goto(`${telko()}/de/login`);
    await waitForPageReady(page);
    await submitLogin(page, ANNA);
    await expect(page.getByRole('alert').textContent()).resolves.toBe(
      'E-Mail-Adresse oder Passwort ist falsch.',
    );
    for (const [table, rows] of searchableDump(await dumpAllTables(harness.server.app), 'telko')) {
      for (const trace of [ANNA.email, '"beispiel"', 'de89370400440532013000']) {
        expect(rows, `${table} still holds ${trace}`).not.toContain(trace);
      }
    }
    expect(withoutFailedRequests(errors)).toEqual([]);
    await page.context().close();
  }, 180_000);

  it('reward, bank data and customer number pages without login or link say what to do; axe finds nothing', async () => {
    const { page } = await openPage(harness.browser);
    await page.goto(`${telko()}/de/praemie`);
    await expectH1(page, 'Prämie wählen');
    await page.getByText('Bitte melden Sie sich an oder verwenden Sie den Link aus Ihrer E-Mail.').waitFor();
    await expectNoViolations(page, 'reward without access');

    await page.goto(`${telko()}/de/praemie?token=${'x'.repeat(43)}`);
    await expectH1(page, 'Prämie wählen');
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Der Prämien-Link ist ungültig.');
    await expectNoViolations(page, 'reward link invalid');

    await page.goto(`${telko()}/de/meine-daten/bankdaten`);
    await expectH1(page, 'Bankdaten');
    await expect(page.getByRole('alert').textContent()).resolves.toBe(
      'Bitte verwenden Sie den Link aus Ihrer E-Mail.',
    );
    await expectNoViolations(page, 'bank data without access');

    await page.goto(`${telko()}/de/kundennummer`);
    await expectH1(page, 'Kundennummer');
    await page.getByRole('alert').waitFor();
    await expectNoViolations(page, 'customer number without access');

    await page.goto(`${telko()}/de/empfehler/newsletter/optout`);
    await expectH1(page, 'Newsletter abbestellen');
    await expectNoViolations(page, 'newsletter opt-out without login');

    // Personal pages need a login (SPEC 2).
    await page.goto(`${telko()}/de/meine-daten`);
    await page.waitForURL(/\/de\/login\?redirect=Settings/);
    await page.context().close();
  }, 120_000);
});
