import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, browserHarness, openPage } from '../support/browser.ts';
import { signInToBackoffice, tablesLoaded } from './fixtures/backoffice.ts';
import { expectH1 } from './fixtures/session.ts';

/**
 * Issue 16 in the back office, in Chromium on the telko demo: the operator (service@, password and TOTP)
 * finds the demo profi-seller in the list, opens the detail (IBAN masked, credit notes), blocks the seller
 * (whose profi area then refuses) and unblocks again; finance makes the last month's credit notes (a second
 * time none) and sees no block button. Axe on the page and its states in German and English.
 */
const harness = browserHarness();
const telko = () => harness.server.url('telko');
const OPERATOR = 'service@netzplus.example';
const FINANCE = 'finanzen@netzplus.example';
const SELLER = 'profi.verkauf@netzplus.example';
const FIRM = 'Paulsen Mobilfunk-Shop GmbH';

async function expectNoViolations(page: Page, where: string): Promise<void> {
  expect(await axeViolations(page), where).toEqual([]);
}

/** The seller's status as the database holds it. */
async function sellerStatus(): Promise<string> {
  const row = await harness.server.app.database.kysely
    .selectFrom('profi_seller')
    .select('status')
    .where('mandant_id', '=', 'telko')
    .where('profinummer', '=', 'P-100001')
    .executeTakeFirstOrThrow();
  return row.status;
}

describe('back-office profi-sellers (issue 16)', () => {
  it('the operator finds the demo seller, opens the detail, blocks and unblocks; axe in de and en', async () => {
    const { page, errors } = await openPage(harness.browser);
    await signInToBackoffice(page, telko(), '/backoffice/profis', OPERATOR, 'Profi-Verkäufer');
    await tablesLoaded(page);
    await expect(
      page
        .getByRole('navigation', { name: 'Backoffice' })
        .getByRole('link', { name: 'Profi-Verkäufer' })
        .getAttribute('aria-current'),
    ).resolves.toBe('page');
    await expectNoViolations(page, 'profi sellers (de)');

    await page.getByLabel(/^Suche/).fill(SELLER);
    await page.getByRole('button', { name: 'Suchen', exact: true }).click();
    const table = page.getByRole('table', { name: 'Profi-Verkäufer mit ihren Provisionen' });
    await table.getByText(SELLER, { exact: true }).waitFor();
    await tablesLoaded(page);
    expect(await table.locator('tbody tr').count()).toBe(1);
    // Finance's button is not the operator's.
    expect(await page.getByRole('button', { name: /^Gutschriften für/ }).count()).toBe(0);

    await page.getByRole('button', { name: `${FIRM} öffnen` }).click();
    await page.getByRole('heading', { level: 2, name: FIRM }).waitFor();
    await page.getByText('DE02 **** **** **** **20 51').waitFor();
    await page.getByRole('heading', { level: 3, name: 'Gutschriften' }).waitFor();
    await page
      .getByRole('button', { name: /^Gutschrift GS-P-\d{6} als PDF herunterladen$/ })
      .first()
      .waitFor();
    await expectNoViolations(page, 'profi seller detail (de)');

    await page.getByRole('button', { name: 'Verkäufer sperren' }).click();
    await page.getByText(`${FIRM} ist gesperrt.`).waitFor();
    expect(await sellerStatus()).toBe('blocked');
    await table.getByRole('cell', { name: 'Gesperrt', exact: true }).waitFor();
    await page.getByRole('heading', { level: 2, name: FIRM }).waitFor();
    await expectNoViolations(page, 'profi seller blocked (de)');
    await page.getByRole('button', { name: 'Verkäufer entsperren' }).click();
    await page.getByText(`${FIRM} ist entsperrt.`).waitFor();
    expect(await sellerStatus()).toBe('active');
    const audit = await harness.server.app.database.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('mandant_id', '=', 'telko')
      .where('actor_email', '=', OPERATOR)
      .where('subject_type', '=', 'profiSeller')
      .orderBy('created_at')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['profiSeller.blocked', 'profiSeller.unblocked']);

    // English: the same page and the detail.
    await page.goto(`${telko()}/en/backoffice/profis`);
    await expectH1(page, 'Profi sellers');
    await tablesLoaded(page);
    await expectNoViolations(page, 'profi sellers (en)');
    await page.getByRole('button', { name: `Open ${FIRM}` }).click();
    await page.getByRole('heading', { level: 2, name: FIRM }).waitFor();
    await page.getByRole('button', { name: 'Block seller' }).waitFor();
    await expectNoViolations(page, 'profi seller detail (en)');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('finance makes the last month’s credit notes (again: none new) and cannot block; axe in de', async () => {
    const { page, errors } = await openPage(harness.browser);
    await signInToBackoffice(page, telko(), '/backoffice/profis', FINANCE, 'Profi-Verkäufer');
    await tablesLoaded(page);
    const create = page.getByRole('button', { name: /^Gutschriften für \d{4}-\d{2} erstellen$/ });
    await create.click();
    const done = page.getByText(/^\d{4}-\d{2}: \d+ Gutschrift\(en\) erstellt, \d+ waren schon vorhanden\./);
    await done.waitFor();
    await create.click();
    await page
      .getByText(/^\d{4}-\d{2}: 0 Gutschrift\(en\) erstellt, [1-9]\d* waren schon vorhanden\./)
      .waitFor();
    await expectNoViolations(page, 'profi sellers, month created (de)');
    await page.getByRole('button', { name: `${FIRM} öffnen` }).click();
    await page.getByRole('heading', { level: 2, name: FIRM }).waitFor();
    expect(await page.getByRole('button', { name: 'Verkäufer sperren' }).count()).toBe(0);
    const audit = await harness.server.app.database.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('mandant_id', '=', 'telko')
      .where('actor_email', '=', FINANCE)
      .where('action', '=', 'profiCreditNotes.created')
      .execute();
    expect(audit).toHaveLength(2);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
