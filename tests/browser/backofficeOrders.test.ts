import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { berlinDay } from '../server/orderHelpers.ts';
import { axeViolations, openPage } from '../support/browser.ts';
import { signInToBackoffice, tablesLoaded } from './fixtures/backoffice.ts';
import {
  dashboardCard,
  loggedIn,
  type OrderProgramme,
  startOrderProgramme,
  timelineSteps,
} from './fixtures/orderProgramme.ts';
import { ANNA, expectH1 } from './fixtures/session.ts';

/**
 * Issue 15 "an operator confirms an order and the recommender's dashboard shows it; a viewer cannot": on the
 * telko demo in Chromium, the client's CRM reports an order for Anna's demo recommendation over the signed
 * integration API; the operator (service@, password and TOTP) finds it by its order number, opens the
 * recommendation, confirms the contract with a reason; Anna's dashboard shows the confirmed contract in its
 * timeline. A second order, flagged (the client knows the friend as a customer), is approved in the review
 * queue. The viewer (betrachter@) sees the recommendation without any action. Axe on every page and state in
 * German and English.
 */
const NR = '4710000002';
const FLAGGED_NR = '4710000001';

async function expectNoViolations(page: Page, where: string): Promise<void> {
  expect(await axeViolations(page), where).toEqual([]);
}

describe('back-office orders and review (issue 15)', () => {
  let programme: OrderProgramme;
  const telko = () => programme.telko();

  beforeAll(async () => {
    programme = await startOrderProgramme();
  });
  afterAll(() => programme?.close());

  it('the operator finds an order waiting for its contract, confirms it, and Anna’s dashboard shows it', async () => {
    const today = berlinDay(programme.clock.now());
    const placed = await programme.backOffice('POST', 'events', {
      Typ: 'order.placed',
      Empfehlungsnummer: NR,
      Auftragsnummer: 'BO-BROWSER-1',
      ProduktId: '602',
      Auftragsdatum: today,
    });
    expect(placed.status, placed.text).toBe(200);
    expect(JSON.parse(placed.text)).toMatchObject({ Pruefung: 'none' });

    const { page } = await openPage(programme.browser);
    await signInToBackoffice(
      page,
      telko(),
      '/backoffice/auftraege',
      'service@netzplus.example',
      'Aufträge und Empfehlungen',
    );
    await tablesLoaded(page);
    await expectNoViolations(page, 'orders (de)');

    await page.getByLabel('Suche', { exact: true }).fill('bo-browser-1'.toUpperCase());
    await page.getByRole('button', { name: 'Suchen', exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: 'BO-BROWSER-1' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('Wartet auf Vertrag');
    await tablesLoaded(page);
    await expectNoViolations(page, 'orders, searched (de)');

    await row.getByRole('link', { name: NR }).click();
    await expectH1(page, `Empfehlung ${NR}`);
    await page.getByRole('heading', { name: 'Auftrag BO-BROWSER-1' }).waitFor();
    await expectNoViolations(page, 'order (de)');

    await page.getByRole('button', { name: 'Vertrag bestätigen', exact: true }).click();
    await page.getByLabel(/^Begründung/).fill('Vertrag liegt unterschrieben vor');
    await expectNoViolations(page, 'order, confirm form (de)');
    await page.getByRole('button', { name: 'Vertrag jetzt bestätigen' }).click();
    await page.getByText('Der Vertrag zu Auftrag BO-BROWSER-1 ist bestätigt.').waitFor();
    await page.getByText('Backoffice: Vertrag bestätigt').waitFor();
    await expect(page.getByRole('button', { name: 'Vertrag bestätigen', exact: true }).count()).resolves.toBe(
      0,
    );
    await expectNoViolations(page, 'order, confirmed (de)');
    // Telko has no claim period (ModuleAuftragsdatumMindestalterTage 0): the confirmation releases at once.
    expect(await programme.statusOf(NR)).toBe('Freigegeben');

    await page.goto(`${telko()}/en/backoffice/auftraege/${NR}`);
    await expectH1(page, `Recommendation ${NR}`);
    await page.getByText('Back office: contract confirmed').waitFor();
    await expectNoViolations(page, 'order (en)');
    await page.goto(`${telko()}/en/backoffice/auftraege`);
    await expectH1(page, 'Orders and recommendations');
    await tablesLoaded(page);
    await expectNoViolations(page, 'orders (en)');

    // Anna, in the same browser: her dashboard's timeline shows the confirmed contract.
    const anna = await loggedIn(programme.browser, telko(), ANNA);
    const card = await dashboardCard(anna.page, telko(), ANNA, NR);
    await expect(card.textContent()).resolves.toContain('Status: Freigegeben');
    expect(await timelineSteps(card, NR)).toEqual(
      expect.arrayContaining(['Vertrag bestätigt – Widerrufsfrist läuft', 'Prämie freigegeben']),
    );

    // A flagged order: the client knows the friend as a customer. The operator approves it in the queue.
    const flagged = await programme.backOffice('POST', 'events', {
      Typ: 'order.placed',
      Empfehlungsnummer: FLAGGED_NR,
      Auftragsnummer: 'BO-BROWSER-2',
      ProduktId: '607',
      Auftragsdatum: today,
      Bestandskunde: true,
    });
    expect(flagged.status, flagged.text).toBe(200);
    expect(JSON.parse(flagged.text)).toMatchObject({ Pruefung: 'pending' });
    await page.goto(`${telko()}/de/backoffice/pruefung`);
    await expectH1(page, 'Prüfung');
    await tablesLoaded(page);
    const flaggedRow = page.getByRole('row').filter({ hasText: 'BO-BROWSER-2' });
    await expect(flaggedRow.textContent()).resolves.toContain('bereits als Kunden');
    await expectNoViolations(page, 'review (de)');
    await flaggedRow.getByRole('checkbox', { name: 'Auftrag BO-BROWSER-2 auswählen' }).check();
    await page.getByRole('radio', { name: 'Freigeben' }).check();
    await page.getByLabel(/^Notiz/).fill('Kunde hat einen zweiten Anschluss bestellt');
    await page.getByRole('button', { name: 'Für die Auswahl ausführen' }).click();
    await page.getByText('BO-BROWSER-2: erledigt').waitFor();
    await tablesLoaded(page);
    await expectNoViolations(page, 'review, decided (de)');
    await page.goto(`${telko()}/en/backoffice/pruefung`);
    await expectH1(page, 'Review');
    await tablesLoaded(page);
    await expectNoViolations(page, 'review (en)');
    await page.close();
  });

  it('a viewer sees the recommendation and its timeline without any action', async () => {
    const { page } = await openPage(programme.browser);
    await signInToBackoffice(
      page,
      telko(),
      `/backoffice/auftraege/${NR}`,
      'betrachter@netzplus.example',
      `Empfehlung ${NR}`,
    );
    await page.getByRole('heading', { name: 'Verlauf' }).waitFor();
    for (const name of ['Vertrag bestätigen', 'Stornieren', 'Umbuchen']) {
      await expect(page.getByRole('button', { name, exact: true }).count(), name).resolves.toBe(0);
    }
    await expectNoViolations(page, 'order as viewer (de)');
    await page.goto(`${telko()}/en/backoffice/auftraege/${NR}`);
    await expectH1(page, `Recommendation ${NR}`);
    await expectNoViolations(page, 'order as viewer (en)');
    await page.close();
  });
});
