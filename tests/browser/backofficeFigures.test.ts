import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, browserHarness, openPage } from '../support/browser.ts';
import { signInToBackoffice, tablesLoaded } from './fixtures/backoffice.ts';
import { expectH1 } from './fixtures/session.ts';

/**
 * Issue 15 "programme figures": the telko demo's viewer signs in (password and TOTP) in Chromium, opens the
 * figures from the back-office navigation, sees both charts (uPlot, whose chunk no other back-office page
 * loads) and the tables, changes the filters, downloads a table as CSV and as XLSX; axe reports nothing in
 * German and English and at a phone's width (390 px).
 */
const harness = browserHarness();
const telko = () => harness.server.url('telko');
const VIEWER = 'betrachter@netzplus.example';

async function expectNoViolations(page: Page, where: string): Promise<void> {
  expect(await axeViolations(page), where).toEqual([]);
}

const chartScripts = (scripts: string[]) => scripts.filter((script) => script.includes('FiguresChart'));

describe('back-office programme figures (issue 15)', () => {
  it('a viewer sees charts and tables, filters, exports; uPlot only on this page; axe in de, en and at 390 px', async () => {
    const { page, errors } = await openPage(harness.browser);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await signInToBackoffice(page, telko(), '/backoffice', VIEWER, 'Backoffice');
    expect(chartScripts(scripts)).toEqual([]);

    await page
      .getByRole('navigation', { name: 'Backoffice' })
      .getByRole('link', { name: 'Kennzahlen' })
      .click();
    await expectH1(page, 'Kennzahlen des Programms');
    await tablesLoaded(page, 4);
    await page.locator('main canvas').first().waitFor();
    expect(await page.locator('main canvas').count()).toBe(2);
    expect(chartScripts(scripts)).toHaveLength(1);
    await page.getByRole('img', { name: /^Diagramm pro Woche: insgesamt \d+ Klicks/ }).waitFor();
    await page.getByRole('img', { name: /^Diagramm pro Woche in Euro:/ }).waitFor();
    for (const caption of [
      'Aktivität pro Zeitraum',
      'Prämien und Auszahlungen pro Zeitraum',
      'Kennzahlen nach Kanal',
      'Kennzahlen nach Produkt',
    ]) {
      await page.getByRole('table', { name: caption }).waitFor();
    }
    // Twelve weeks and today's: the activity table has a row per week.
    const activity = page.getByRole('table', { name: 'Aktivität pro Zeitraum' });
    expect(await activity.locator('tbody tr').count()).toBeGreaterThanOrEqual(12);
    await expectNoViolations(page, 'figures (de)');

    // Per month, only e-mail: the answer comes, the tables follow.
    await page.getByLabel(/^Gruppiert nach(?: \*)?$/).selectOption({ label: 'Monat' });
    await page.getByLabel(/^Kanal(?: \*)?$/).selectOption('email');
    await page.getByRole('button', { name: 'Kennzahlen anzeigen' }).click();
    await page.getByRole('img', { name: /^Diagramm pro Monat: insgesamt/ }).waitFor();
    await tablesLoaded(page, 4);
    const channels = page.getByRole('table', { name: 'Kennzahlen nach Kanal' });
    const channelNames = await channels.locator('tbody tr th, tbody tr td:first-child').allTextContents();
    expect(channelNames.every((name) => name.trim() === 'email' || name.trim() === '')).toBe(true);
    await expectNoViolations(page, 'figures per month, e-mail (de)');

    // A bad period: the catalogue's message, nothing else changes.
    const longAgo = new Date(Date.now() - 400 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel(/^Von(?: \*)?$/).fill(longAgo);
    await page.getByLabel(/^Gruppiert nach(?: \*)?$/).selectOption({ label: 'Tag' });
    await page.getByRole('button', { name: 'Kennzahlen anzeigen' }).click();
    await page.getByText(/Für mehr als 366 Tage zeigen wir die Kennzahlen nicht pro Tag/).waitFor();
    await expectNoViolations(page, 'figures, refused period (de)');

    const csvButton = page
      .getByRole('group', { name: 'Liste herunterladen' })
      .first()
      .getByRole('button', { name: 'Als CSV herunterladen' });
    const [csv] = await Promise.all([page.waitForEvent('download'), csvButton.click()]);
    expect(csv.suggestedFilename()).toMatch(/^kennzahlen-zeitraum-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile(await csv.path(), 'utf8');
    expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toMatch(/^Zeitraum;Klicks;Empfehlungen;/);
    const xlsxButton = page
      .getByRole('group', { name: 'Liste herunterladen' })
      .nth(2)
      .getByRole('button', { name: 'Als Excel-Datei (XLSX) herunterladen' });
    const [xlsx] = await Promise.all([page.waitForEvent('download'), xlsxButton.click()]);
    expect(xlsx.suggestedFilename()).toMatch(/^kennzahlen-kanal-.*\.xlsx$/);
    const bytes = await readFile(await xlsx.path());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');

    await page.goto(`${telko()}/en/backoffice/kennzahlen`);
    await expectH1(page, 'Programme figures');
    await tablesLoaded(page, 4);
    await page.getByRole('img', { name: /^Chart per week: in total \d+ clicks/ }).waitFor();
    await expectNoViolations(page, 'figures (en)');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${telko()}/de/backoffice/kennzahlen`);
    await expectH1(page, 'Kennzahlen des Programms');
    await tablesLoaded(page, 4);
    await page.locator('main canvas').first().waitFor();
    await expectNoViolations(page, 'figures at 390 px (de)');
    // The refused period is the one failed request the browser reports; nothing else went wrong.
    expect(errors).toEqual([
      'Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
  });
});
