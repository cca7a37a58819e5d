import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, browserHarness, openPage, waitForPageReady } from '../support/browser.ts';
import { ANNA, expectH1, submitLogin } from './fixtures/session.ts';

/**
 * Issue 14, the agency area in Chromium against the real server and telko's demo agency (A-1001,
 * server/demo/seedDemoAgency.ts): each role sees exactly the navigation of its SPEC 6 abilities, a section
 * it lacks shows a notice, every agency page has no axe violation in German and English (at a phone's
 * width too), a report pages and sorts on the server, and the header shows the agency user, not "log in".
 */
const harness = browserHarness();
const telko = () => harness.server.url('telko');

const OWNER = 'agentur@netzplus.example';
const INACTIVE_OWNER = 'gerd.gruender@netzplus.example';
const EMPLOYEE = 'mia.mitarbeiterin@netzplus.example';

/** Each section's path and German heading (mandants/_base/mandant.json, the pages' blocks). */
const SECTIONS = [
  { nav: 'Auftragsreport', path: '/agentur/auftraege', h1: 'Auftragsreport', en: 'Order report' },
  { nav: 'Einladungstool', path: '/agentur/einladungstool', h1: 'Einladungstool', en: 'Invitation tool' },
  { nav: 'Empfehlerreport', path: '/agentur/empfehler', h1: 'Empfehlerreport', en: 'Recommender report' },
  { nav: 'Mitarbeitende', path: '/agentur/mitarbeiter', h1: 'Mitarbeitende', en: 'Employees' },
  { nav: 'Prämien', path: '/agentur/praemien', h1: 'Prämien', en: 'Rewards' },
  { nav: 'Prämienplan', path: '/agentur/praemienplan', h1: 'Prämienplan', en: 'Reward plan' },
  { nav: 'Gutschriften', path: '/agentur/rechnungen', h1: 'Gutschriften', en: 'Credit notes' },
  { nav: 'Stammdaten', path: '/agentur/stammdaten', h1: 'Stammdaten', en: 'Master data' },
  { nav: 'Statistik', path: '/agentur/statistik', h1: 'Statistik', en: 'Statistics' },
] as const;
type Section = (typeof SECTIONS)[number]['nav'];

/** SPEC 6 word for word (domain/agencyAbilities.ts), as the navigation must show it. */
const NAVIGATION: Record<string, readonly Section[]> = {
  [OWNER]: SECTIONS.map((section) => section.nav),
  [INACTIVE_OWNER]: [
    'Auftragsreport',
    'Empfehlerreport',
    'Prämien',
    'Prämienplan',
    'Gutschriften',
    'Stammdaten',
    'Statistik',
  ],
  [EMPLOYEE]: [
    'Auftragsreport',
    'Einladungstool',
    'Empfehlerreport',
    'Prämien',
    'Prämienplan',
    'Stammdaten',
    'Statistik',
  ],
};

/** Signs in through the agency's token link and waits for the area's start. */
async function logInAgency(page: Page, email: string, language: 'de' | 'en' = 'de'): Promise<void> {
  const token = await harness.server.app.issueAgencyToken('telko', email);
  await page.goto(`${telko()}/${language}/agentur/login?t=${encodeURIComponent(token)}`);
  await page.waitForURL(/\/agentur\/bereich$/, { timeout: 20_000 });
  await expectH1(page, language === 'de' ? 'Agenturbereich' : 'Agency area');
}

async function navigation(page: Page, name = 'Agenturbereich'): Promise<string[]> {
  const nav = page.getByRole('navigation', { name, exact: true });
  await nav.waitFor();
  return (await nav.getByRole('link').allTextContents()).map((text) => text.trim());
}

/** Waits for the page's table to hold rows (or its empty line), not placeholders. */
async function tableLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const table = document.querySelector('main table');
    return (
      table !== null &&
      table.getAttribute('aria-busy') !== 'true' &&
      !table.querySelector('tbody [aria-hidden="true"]')
    );
  });
}

/** The server's failures while the page was open: method, path and status (the console only says "500"). */
function serverFailures(page: Page): string[] {
  const failures: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 500) {
      failures.push(
        `${response.request().method()} ${new URL(response.url()).pathname} ${response.status()}`,
      );
    }
  });
  return failures;
}

async function expectNoViolations(page: Page, where: string): Promise<void> {
  expect(await axeViolations(page), where).toEqual([]);
}

describe('the agency area (issue 14)', () => {
  it.each([OWNER, INACTIVE_OWNER, EMPLOYEE])(
    '%s sees exactly the sections of their role; a section they lack shows a notice',
    async (email) => {
      const { page, errors } = await openPage(harness.browser);
      await logInAgency(page, email);
      const expected = NAVIGATION[email] ?? [];
      expect(await navigation(page)).toEqual(['Übersicht', ...expected]);
      // The start lists the same sections.
      const start = page.locator('main ul').last();
      expect((await start.getByRole('link').allTextContents()).map((text) => text.trim())).toEqual(expected);
      // The header names the agency user and offers the agency's logout, not "log in".
      const account = page.getByRole('navigation', { name: 'Konto' });
      await account.getByRole('button', { name: 'Abmelden' }).waitFor();
      expect(await account.getByRole('link', { name: 'Anmelden', exact: true }).count()).toBe(0);

      const lacking = SECTIONS.find((section) => !expected.includes(section.nav));
      if (lacking) {
        await page.goto(`${telko()}/de${lacking.path}`);
        await expectH1(page, lacking.h1);
        await page
          .getByText('Dieser Bereich ist für Ihre Rolle nicht freigegeben', { exact: false })
          .waitFor();
        expect(await page.locator('main table').count()).toBe(0);
      }
      expect(errors).toEqual([]);
    },
  );

  it('every agency page of the owner has no axe violation in German and English, on a phone too', async () => {
    const { page, errors } = await openPage(harness.browser);
    const failures = serverFailures(page);
    await logInAgency(page, OWNER);
    await expectNoViolations(page, 'area start (de)');
    for (const section of SECTIONS) {
      await page.goto(`${telko()}/de${section.path}`);
      await expectH1(page, section.h1);
      if (await page.locator('main table').count()) await tableLoaded(page);
      await expectNoViolations(page, `${section.path} (de)`);
    }
    await page.goto(`${telko()}/en/agentur/bereich`);
    await expectH1(page, 'Agency area');
    expect(await navigation(page, 'Agency area')).toContain('Order report');
    await expectNoViolations(page, 'area start (en)');
    for (const section of SECTIONS) {
      await page.goto(`${telko()}/en${section.path}`);
      await expectH1(page, section.en);
      if (await page.locator('main table').count()) await tableLoaded(page);
      await expectNoViolations(page, `${section.path} (en)`);
    }
    // SPEC's smallest phone: the report scrolls inside its own box, the page does not scroll sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/agentur/auftraege', '/agentur/einladungstool', '/agentur/stammdaten']) {
      await page.goto(`${telko()}/de${path}`);
      await waitForPageReady(page);
      if (await page.locator('main table').count()) await tableLoaded(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways at 390 px`).toBeLessThanOrEqual(0);
      await expectNoViolations(page, `${path} at 390 px`);
    }
    expect(failures).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('the order report pages and sorts on the server', async () => {
    const { page, errors } = await openPage(harness.browser);
    await logInAgency(page, OWNER);
    await page
      .getByRole('navigation', { name: 'Agenturbereich' })
      .getByRole('link', { name: 'Auftragsreport' })
      .click();
    await expectH1(page, 'Auftragsreport');
    await tableLoaded(page);
    const status = page.locator('main [role="status"]').filter({ hasText: 'Seite 1 von' });
    const first = (await status.textContent()) ?? '';
    const pages = Number(/Seite 1 von (\d+)/.exec(first)?.[1]);
    expect(pages, first).toBeGreaterThan(1);
    const table = page.getByRole('table', { name: 'Aufträge Ihrer Agentur' });
    const firstNumbers = await table.locator('tbody tr td:first-child').allTextContents();

    await page.getByRole('button', { name: 'Nächste Seite' }).click();
    await page
      .locator('main [role="status"]')
      .filter({ hasText: `Seite 2 von ${pages}` })
      .waitFor();
    await tableLoaded(page);
    const secondNumbers = await table.locator('tbody tr td:first-child').allTextContents();
    expect(secondNumbers.some((number) => firstNumbers.includes(number))).toBe(false);

    // Newest first by default; one click on the date sorts oldest first, back on page 1.
    const dateHeader = table.getByRole('columnheader', { name: 'Auftragsdatum' });
    expect(await dateHeader.getAttribute('aria-sort')).toBe('descending');
    await dateHeader.getByRole('button').click();
    await page.locator('main [role="status"]').filter({ hasText: 'Seite 1 von' }).waitFor();
    await page.waitForFunction(() =>
      document.querySelector('main th[aria-sort="ascending"]')?.textContent?.includes('Auftragsdatum'),
    );
    await tableLoaded(page);
    const dates = (await table.locator('tbody tr td:nth-child(2)').allTextContents()).map((text) =>
      text.split('.').reverse().join('-'),
    );
    expect(dates.length).toBeGreaterThan(1);
    expect([...dates].sort()).toEqual(dates);

    // The export: the whole filtered list as CSV, through the API client (the session is a header).
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Als CSV herunterladen' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('auftraege.csv');
    const file = await download.path();
    const { readFile } = await import('node:fs/promises');
    const csv = await readFile(file, 'utf8');
    expect(csv.split('\n')[0]).toContain('Auftragsnummer');
    expect(csv.trim().split('\n').length).toBeGreaterThan(20);
    expect(errors).toEqual([]);
  });

  it('the public agency pages render for a guest (server first paint) with no axe violation; the area sends a guest to the sign-in', async () => {
    const { page, errors } = await openPage(harness.browser);
    const pages = [
      ['/agentur', 'Empfehlungsprogramm für Agenturen', 'Referral programme for agencies'],
      ['/agentur/regeln', 'Regeln für Agenturen', 'Rules for agencies'],
      ['/agentur/datenschutz', 'Datenschutz für Agenturen', 'Data protection for agencies'],
      ['/agentur/info', 'Informationen für Agenturen', 'Information for agencies'],
      ['/agentur/kosten', 'Kosten und Provisionen', 'Costs and commissions'],
    ] as const;
    for (const [path, de, en] of pages) {
      const html = (
        await harness.server.app.inject({ url: `/de${path}`, headers: { host: new URL(telko()).host } })
      ).body;
      expect(html, `${path} in the server's first paint`).toContain(de);
      await page.goto(`${telko()}/de${path}`);
      await expectH1(page, de);
      await expectNoViolations(page, `${path} (de)`);
      await page.goto(`${telko()}/en${path}`);
      await expectH1(page, en);
      await expectNoViolations(page, `${path} (en)`);
    }
    await page.goto(`${telko()}/de/agentur`);
    await page.getByRole('link', { name: 'Zur Anmeldung für Agenturen' }).click();
    await page.waitForURL(/\/de\/agentur\/login$/);
    for (const section of SECTIONS) {
      await page.goto(`${telko()}/de${section.path}`);
      await page.waitForURL(/\/de\/agentur\/login/);
    }
    expect(errors).toEqual([]);
  });

  it('the invitation tool invites a customer, lists the invitation and releases a pending order', async () => {
    const { page, errors } = await openPage(harness.browser);
    await logInAgency(page, OWNER);
    await page.goto(`${telko()}/de/agentur/einladungstool`);
    await expectH1(page, 'Einladungstool');
    const panel = page.getByRole('tabpanel');
    await expect.poll(() => panel.getByLabel('Mitarbeiternummer').inputValue()).toBe('M-001');
    await panel.getByLabel(/^Vorname/).fill('Lotte');
    await panel.getByLabel(/^Nachname/).fill('Tool');
    await panel.getByLabel(/^E-Mail/).fill('lotte.tool@example.org');
    await panel.getByText('Telefonisch', { exact: true }).click();
    await panel.getByRole('button', { name: 'Einladung senden' }).click();
    await panel.getByText('Die Einladung an Lotte Tool (lotte.tool@example.org) ist verschickt.').waitFor();
    await expectNoViolations(page, 'invitation sent');

    await page.getByRole('tab', { name: 'Einladungen' }).click();
    await page.getByRole('table', { name: 'Einladungen Ihrer Agentur' }).waitFor();
    await tableLoaded(page);
    const row = page.getByRole('row').filter({ hasText: 'lotte.tool@example.org' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Telefonisch');

    await page.getByRole('tab', { name: 'Status und Freigabe' }).click();
    await page.getByRole('table', { name: 'Aufträge Ihrer Agentur' }).waitFor();
    await tableLoaded(page);
    const release = page.getByRole('button', { name: /^Auftrag .+ freigeben$/ }).first();
    const label = (await release.getAttribute('aria-label')) ?? '';
    const nr = /^Auftrag (.+) freigeben$/.exec(label)?.[1] ?? '';
    expect(nr).not.toBe('');
    await release.click();
    await page.getByText(`Auftrag ${nr} ist freigegeben.`).waitFor({ state: 'attached' });
    expect(await page.getByRole('button', { name: `Auftrag ${nr} freigeben` }).count()).toBe(0);
    await expectNoViolations(page, 'release tab');

    await page.getByRole('tab', { name: 'Überblick' }).click();
    await page.getByRole('tabpanel').getByText('Aufträge zur Freigabe').waitFor();
    await expectNoViolations(page, 'overview tab');
    expect(errors).toEqual([]);
  });

  it('master data: the owner changes them, an employee only reads them', async () => {
    const { page, errors } = await openPage(harness.browser);
    await logInAgency(page, OWNER);
    await page.goto(`${telko()}/de/agentur/stammdaten`);
    await expectH1(page, 'Stammdaten');
    const phone = page.getByLabel('Telefon');
    await expect.poll(() => phone.inputValue()).toBe('040 123456-0');
    await page.getByText(/^Gespeichert: DE89/).waitFor();
    await phone.fill('040 999999-0');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Stammdaten sind gespeichert.').waitFor();
    expect(errors).toEqual([]);

    const employee = await openPage(harness.browser);
    await logInAgency(employee.page, EMPLOYEE);
    await employee.page.goto(`${telko()}/de/agentur/stammdaten`);
    await expectH1(employee.page, 'Stammdaten');
    await employee.page.getByText('040 999999-0').waitFor();
    expect(await employee.page.getByRole('button', { name: 'Speichern' }).count()).toBe(0);
    await expectNoViolations(employee.page, 'master data read-only');
    expect(employee.errors).toEqual([]);
  });

  it('the chart library loads on the statistics page only, and draws there', async () => {
    const { page, errors } = await openPage(harness.browser);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await logInAgency(page, OWNER);
    await page.goto(`${telko()}/de/agentur/auftraege`);
    await expectH1(page, 'Auftragsreport');
    await tableLoaded(page);
    expect(scripts.filter((script) => script.includes('StatisticsChart'))).toEqual([]);
    await page
      .getByRole('navigation', { name: 'Agenturbereich' })
      .getByRole('link', { name: 'Statistik' })
      .click();
    await expectH1(page, 'Statistik');
    await page.locator('main canvas').waitFor();
    expect(scripts.filter((script) => script.includes('StatisticsChart'))).toHaveLength(1);
    await page.getByRole('img', { name: /^Verlauf pro (Monat|Tag): insgesamt/ }).waitFor();
    expect(errors).toEqual([]);
  });

  it('with a recommender logged in too, the agency pages answer the agency user and both sessions stay', async () => {
    const { page, errors } = await openPage(harness.browser);
    await page.goto(`${telko()}/de/login`);
    await waitForPageReady(page);
    await submitLogin(page, ANNA);
    await page.waitForURL(/\/de\/persoenlicher-bereich$/);
    await logInAgency(page, OWNER);
    await page
      .getByRole('navigation', { name: 'Agenturbereich' })
      .getByRole('link', { name: 'Auftragsreport' })
      .click();
    await expectH1(page, 'Auftragsreport');
    await tableLoaded(page);
    expect(
      await page.getByRole('table', { name: 'Aufträge Ihrer Agentur' }).locator('tbody tr').count(),
    ).toBeGreaterThan(1);
    const account = page.getByRole('navigation', { name: 'Konto' });
    await account.getByRole('link', { name: 'Mein Bereich' }).waitFor();
    await account.getByRole('button', { name: 'Agentur abmelden' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('the agency logout page ends the agency session and confirms it (SPEC 2 agency logout), in de and en', async () => {
    const { page, errors } = await openPage(harness.browser);
    for (const language of ['de', 'en'] as const) {
      await logInAgency(page, EMPLOYEE, language);
      const path = language === 'de' ? '/de/agentur/abmelden' : '/en/agentur/abmelden';
      await page.goto(`${telko()}${path}`);
      await expectH1(page, language === 'de' ? 'Sie sind abgemeldet' : 'You are logged out');
      const back = page.getByRole('link', {
        name: language === 'de' ? 'Zur Anmeldung für Agenturen' : 'To the agency sign-in',
      });
      expect(await back.getAttribute('href')).toBe(`/${language}/agentur/login`);
      await expectNoViolations(page, `agency logout (${language})`);
      // The session is gone: the area sends the visitor to the agency sign-in.
      await page.goto(`${telko()}/${language}/agentur/auftraege`);
      await page.waitForURL(/\/agentur\/login/);
    }
    expect(errors).toEqual([]);
  });

  it('the header logs the agency user out', async () => {
    const { page } = await openPage(harness.browser);
    await logInAgency(page, EMPLOYEE);
    const account = page.getByRole('navigation', { name: 'Konto' });
    await account.getByRole('link', { name: 'Agenturbereich von Mia Mitarbeiterin' }).waitFor();
    await account.getByRole('button', { name: 'Abmelden' }).click();
    await account.getByRole('link', { name: 'Anmelden', exact: true }).waitFor();
    await page.goto(`${telko()}/de/agentur/auftraege`);
    await page.waitForURL(/\/agentur\/login/);
  });
});
