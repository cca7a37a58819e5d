import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { berlinDate } from '../../domain/invoice.ts';
import { dueCashRewards, unpaidDemoCreditNote } from '../server/backofficePayoutFixtures.ts';
import { axeViolations, browserHarness, openPage } from '../support/browser.ts';
import { REPO_ROOT } from '../support/server.ts';
import { signInToBackoffice, tablesLoaded } from './fixtures/backoffice.ts';
import { expectH1 } from './fixtures/session.ts';

/**
 * Issue 15 "finance runs a payout and downloads a SEPA file that validates; a viewer can do neither": the
 * telko demo's finance user signs in (password and TOTP) in Chromium, creates a payout run, opens it,
 * downloads the SEPA file (validated against the official pain.001.001.09 XSD) and marks it executed; the
 * run's detail lists its rewards and the profi-seller credit note it pays (issue 16); the
 * voucher page shows stock and refuses a bad CSV by line; a viewer sees the runs without any action. Axe on
 * every page and state in German and English.
 */
// Starting the server with every mandant takes minutes on a busy machine.
vi.setConfig({ hookTimeout: 300_000, testTimeout: 300_000 });
const harness = browserHarness();
const telko = () => harness.server.url('telko');
const XSD = `${REPO_ROOT}/tests/fixtures/sepa/pain.001.001.09.xsd`;

async function expectNoViolations(page: Page, where: string): Promise<void> {
  expect(await axeViolations(page), where).toEqual([]);
}

describe('back-office payouts and vouchers (issue 15)', () => {
  it('finance creates a run, downloads a SEPA file that validates and marks it executed; axe in de and en', async () => {
    const { page, errors } = await openPage(harness.browser);
    const due = await dueCashRewards(harness.server.app, { recommenderCent: 2500, recipientCent: 1500 });
    // An unpaid credit note of the demo profi-seller (a month before the demo's own): the run pays it too.
    await unpaidDemoCreditNote(harness.server.app);
    await signInToBackoffice(
      page,
      telko(),
      '/backoffice/auszahlungen',
      'finanzen@netzplus.example',
      'Auszahlungen',
    );
    await tablesLoaded(page);
    await expectNoViolations(page, 'payouts (de)');

    await page.getByLabel('Ausführungsdatum *', { exact: true }).fill(berlinDate(new Date()));
    await page.getByRole('button', { name: 'Auszahlungslauf anlegen' }).click();
    await page.getByText(/^Der Auszahlungslauf ist angelegt/).waitFor();
    const detail = page.getByRole('heading', { level: 2, name: /^Auszahlungslauf vom / });
    await detail.waitFor();
    await tablesLoaded(page);
    const rewards = page.getByRole('table', { name: 'Prämien in diesem Lauf' });
    await rewards.getByText('DE75 **** **** **** **61 99').waitFor();
    expect(await rewards.getByText(due.nr).count()).toBe(2);
    const notes = page.getByRole('table', { name: 'Gutschriften von Profi-Verkäufern in diesem Lauf' });
    await notes.getByText('GS-P-1234567').waitFor();
    expect(await notes.getByText('DE02 **** **** **** **20 51').count()).toBe(1);
    await expectNoViolations(page, 'payouts, run detail (de)');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'SEPA-Datei herunterladen' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^sepa-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.xml$/);
    const xml = await readFile(await download.path(), 'utf8');
    expect(xml).toContain('DE75512108001245126199');
    expect(xml).toContain('Gutschrift GS-P-1234567');
    const validation = await validateXML({
      xml: [{ fileName: download.suggestedFilename(), contents: xml }],
      schema: [{ fileName: 'pain.001.001.09.xsd', contents: await readFile(XSD, 'utf8') }],
    });
    expect(validation.errors).toEqual([]);
    await page.getByText(/^Die SEPA-Datei wurde heruntergeladen/).waitFor();

    await page.getByRole('button', { name: 'Als ausgeführt markieren' }).click();
    await page.getByRole('button', { name: 'Ja, ausgeführt' }).click();
    await page.getByText(/^Der Auszahlungslauf ist als ausgeführt markiert/).waitFor();
    expect(await page.getByRole('button', { name: 'Als ausgeführt markieren' }).count()).toBe(0);
    await expectNoViolations(page, 'payouts, run executed (de)');

    const audit = await harness.server.app.database.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('mandant_id', '=', 'telko')
      .where('actor_email', '=', 'finanzen@netzplus.example')
      .where('subject_type', '=', 'payoutRun')
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual([
      'payoutRun.created',
      'payoutRun.sepaDownloaded',
      'payoutRun.executed',
    ]);

    // Vouchers: stock, a bad CSV answered by line, the threshold form.
    await page.goto(`${telko()}/de/backoffice/gutscheine`);
    await expectH1(page, 'Gutscheine');
    await tablesLoaded(page);
    await expectNoViolations(page, 'vouchers (de)');
    await page.getByLabel('CSV-Datei').setInputFiles({
      name: 'codes.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('PraemieId;Code\nwunschgutschein;GUT-0001\nwunschgutschein;x\n'),
    });
    await page.getByRole('button', { name: 'Codes importieren' }).click();
    await page.getByText(/^Zeile 3: Der Code muss/).waitFor();
    await expectNoViolations(page, 'vouchers, refused import (de)');
    await page
      .getByRole('button', { name: /^Meldeschwelle für .+ ändern$/ })
      .first()
      .click();
    await page.getByRole('heading', { level: 2, name: /^Meldeschwelle für / }).waitFor();
    await expectNoViolations(page, 'vouchers, threshold form (de)');

    // English: the same pages and states.
    await page.goto(`${telko()}/en/backoffice/auszahlungen`);
    await expectH1(page, 'Payouts');
    await tablesLoaded(page);
    await expectNoViolations(page, 'payouts (en)');
    await page
      .getByRole('button', { name: /^Details of the run of / })
      .first()
      .click();
    await page.getByRole('heading', { level: 2, name: /^Payout run of / }).waitFor();
    await tablesLoaded(page);
    await expectNoViolations(page, 'payouts, run detail (en)');
    await page.goto(`${telko()}/en/backoffice/gutscheine`);
    await expectH1(page, 'Vouchers');
    await tablesLoaded(page);
    await expectNoViolations(page, 'vouchers (en)');
    await page.getByRole('button', { name: 'Import codes' }).click();
    await page.getByText('Please choose a CSV file.').waitFor();
    await expectNoViolations(page, 'vouchers, no file (en)');
    // The one failed request is the refused CSV, on purpose.
    expect(errors).toEqual([
      'Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)',
    ]);
  });

  it('a viewer sees the runs and a run’s rewards but no button to create, download or execute', async () => {
    const { page, errors } = await openPage(harness.browser);
    await signInToBackoffice(
      page,
      telko(),
      '/backoffice/auszahlungen',
      'betrachter@netzplus.example',
      'Auszahlungen',
    );
    await tablesLoaded(page);
    expect(await page.getByRole('button', { name: 'Auszahlungslauf anlegen' }).count()).toBe(0);
    await expectNoViolations(page, 'payouts, viewer (de)');
    // The run of the test before (same server): the viewer opens it.
    await page
      .getByRole('button', { name: /^Details zum Lauf vom / })
      .first()
      .click();
    await page.getByRole('heading', { level: 2, name: /^Auszahlungslauf vom / }).waitFor();
    await tablesLoaded(page);
    expect(await page.getByRole('button', { name: 'SEPA-Datei herunterladen' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Als ausgeführt markieren' }).count()).toBe(0);
    await expectNoViolations(page, 'payouts, run detail, viewer (de)');
    // The voucher page is not the viewer's: the guard sends them to the start page.
    await page.goto(`${telko()}/de/backoffice/gutscheine`);
    await page.waitForURL(/\/de\/backoffice$/);
    await page.goto(`${telko()}/en/backoffice/auszahlungen`);
    await expectH1(page, 'Payouts');
    await tablesLoaded(page);
    expect(await page.getByRole('button', { name: 'Create payout run' }).count()).toBe(0);
    await expectNoViolations(page, 'payouts, viewer (en)');
    expect(errors).toEqual([]);
  });
});
