import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { berlinMonth } from '../../domain/invoice.ts';
import type { ProfiGutschrift } from '../../schemas/profi.ts';
import { pdfText } from '../server/agencyAdminHelpers.ts';
import { berlinDay, CLAIM_DAYS } from '../server/orderHelpers.ts';
import { openPage, type WatchedPage, waitForPageReady } from '../support/browser.ts';
import {
  expectNoViolations,
  friendConfirms,
  type OrderProgramme,
  recommendHere,
  startOrderProgramme,
} from './fixtures/orderProgramme.ts';
import { declineTracking, solveCaptcha } from './fixtures/recommend.ts';
import { expectH1, submitLogin, withoutFailedRequests } from './fixtures/session.ts';

/**
 * Issue 16, the profi-seller area in Chromium against the real server (telko, a clock the test moves, the
 * client's signed integration API; no SMTP_URL: mails stay in the outbox): (a) a new seller registers with
 * the captcha, the welcome page tells what comes next, the mailed link sets the password, the seller logs
 * in; (b) an order on the seller's recommendation arrives through the integration API and becomes an
 * approved commission after the client confirms it and the claim period passes; (c) a credit note is
 * downloaded as PDF and its totals equal the sum of its lines, for the new seller and for telko's demo
 * seller; (d) axe reports nothing on every profi page in German and English; a guest goes to the login and
 * comes back, a recommender who is no seller is told so and offered the registration.
 */
const DEMO = { email: 'profi.verkauf@netzplus.example', password: 'Empfehlen2026' };
const PASSWORD = 'Provision7Verkauf';
const FRIEND = { vorname: 'Frieda', nachname: 'Festnetz', email: 'frieda.festnetz@example.net' };
const FRIEND_IBAN = 'DE89370400440532013000';
/** A fixed-line product of telko whose Provision is `standard;7000` (mandants/telko/products/festnetz.json). */
const PRODUCT = '601';
const ORDER = 'PROFI-B-1';

/** Each profi page: path, German and English h1, and whether it needs a login. */
const PAGES = [
  { path: '/profi', de: 'Übersicht', en: 'Overview' },
  { path: '/profi/auftraege', de: 'Aufträge', en: 'Orders' },
  { path: '/profi/provisionen', de: 'Provisionen', en: 'Commissions' },
  { path: '/profi/abrechnung', de: 'Abrechnung', en: 'Billing' },
  { path: '/profi/mein-bereich', de: 'Mein Bereich', en: 'My area' },
  {
    path: '/profi/registrierung',
    de: 'Als Profi-Verkäufer registrieren',
    en: 'Register as a professional seller',
  },
  { path: '/profi/willkommen', de: 'Willkommen als Profi-Verkäufer', en: 'Welcome, professional seller' },
] as const;

const label = (text: string) => new RegExp(`^${text}( \\*)?$`);

/** "1.234,56 €" (with its no-break space) → cents. */
function cents(text: string): number {
  return Math.round(Number(text.replace(/\./g, '').replace(',', '.')) * 100);
}
const MONEY = /(\d{1,3}(?:\.\d{3})*,\d{2})\s€/g;
const amountsIn = (line: string) => [...line.matchAll(MONEY)].map((match) => cents(match[1] ?? ''));

/** Waits until a profi list has loaded (its table, or the text that says there is nothing). */
async function loaded(page: Page): Promise<void> {
  await waitForPageReady(page);
  await page.waitForFunction(() => !document.querySelector('main [aria-live="polite"]')?.textContent);
}

describe('the profi-seller area (issue 16)', () => {
  let programme: OrderProgramme;
  const email = `paula.profi.${Date.now()}@verkauf.example`;
  let seller: WatchedPage;

  beforeAll(async () => {
    programme = await startOrderProgramme();
  });
  afterAll(async () => {
    await programme?.close();
  });

  const telko = () => programme.telko();

  /** The link of the newest mail to `address` that leads to `path`, on telko's origin. */
  async function mailedLink(address: string, path: string): Promise<string> {
    const mail = (await programme.server.app.mail.list(100)).find(
      (candidate) => candidate.recipient === address && candidate.text?.includes(path),
    );
    const link = mail?.text?.match(/https?:\/\/\S+/g)?.find((candidate) => candidate.includes(path));
    if (!link) throw new Error(`no mail with ${path} to ${address}`);
    const url = new URL(link);
    return `${telko()}${url.pathname}${url.search}`;
  }

  it('(a) a new seller registers with the captcha, sets the password from the mail and logs in', async () => {
    seller = await openPage(programme.browser);
    const { page } = seller;
    await page.goto(`${telko()}/de/profi/registrierung`);
    await expectH1(page, 'Als Profi-Verkäufer registrieren');
    await declineTracking(page);
    await expectNoViolations(page, 'registration (de)');

    // The rules a schema cannot state, at their fields, before anything is sent.
    await page.getByRole('radio', { name: 'Firma' }).check();
    await page.getByLabel(label('Vorname')).fill('Paula');
    await page.getByLabel(label('Nachname')).fill('Profi');
    await page.getByLabel(label('E-Mail-Adresse')).fill(email);
    await page.getByLabel(label('Straße und Hausnummer')).fill('Marktplatz 3');
    await page.getByLabel(label('PLZ')).fill('20095');
    await page.getByLabel(label('Ort')).fill('Hamburg');
    await page.getByRole('radio', { name: /^Kleinunternehmer/ }).check();
    await page.getByLabel(label('IBAN')).fill('DE00 1234');
    await page.getByRole('button', { name: 'Registrieren' }).click();
    await page.getByRole('alert').getByText('Bitte geben Sie den Namen Ihrer Firma an.').first().waitFor();
    await page
      .getByRole('alert')
      .getByText('Als Kleinunternehmer geben Sie bitte Ihre Steuernummer an.')
      .first()
      .waitFor();
    await page.getByRole('alert').getByText('IBAN ist nicht gültig').first().waitFor();
    await expectNoViolations(page, 'registration with errors');

    await page.getByLabel(label('Firmenname')).fill('Paula Profi Vertrieb');
    await page.getByLabel(label('Steuernummer')).fill('21/815/08150');
    await page.getByLabel(label('IBAN')).fill('DE75 5121 0800 1245 1261 99');
    await page.getByLabel(label('Kontoinhaber')).fill('Paula Profi');
    await page.getByLabel(/Ich bestätige die Vereinbarung für Profi-Verkäufer/).check();
    // Without the captcha the form says so at the widget.
    await page.getByRole('button', { name: 'Registrieren' }).click();
    await page.getByText('Bitte lösen Sie die Sicherheitsabfrage.').waitFor();
    await solveCaptcha(page);
    await page.getByRole('button', { name: 'Registrieren' }).click();

    await expectH1(page, 'Willkommen als Profi-Verkäufer');
    await page.getByText('Wir haben Ihnen eine E-Mail geschickt', { exact: false }).waitFor();
    await expectNoViolations(page, 'welcome (de)');
    const row = await programme.server.app.database.kysely
      .selectFrom('profi_seller')
      .innerJoin('account', 'account.id', 'profi_seller.account_id')
      .select(['profi_seller.firma', 'profi_seller.steuerstatus', 'profi_seller.iban_encrypted'])
      .where('account.email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ firma: 'Paula Profi Vertrieb', steuerstatus: 'kleinunternehmer' });
    expect(row.iban_encrypted).not.toContain('1245126199');

    // The mailed link sets the password and logs in; the overview is there.
    await page.goto(await mailedLink(email, '/registrierung-abschliessen/'));
    await page.locator('input[type="password"]').first().waitFor();
    await page.locator('input[type="password"]').first().fill(PASSWORD);
    await page.getByLabel('Passwort wiederholen').fill(PASSWORD);
    await page.getByRole('button', { name: /^Passwort (festlegen|speichern) und anmelden$/ }).click();
    // The welcome link names the seller's overview (?ziel=ProfiOverview): the form goes there.
    await page.waitForURL(/\/de\/profi$/);
    await waitForPageReady(page);
    await expectH1(page, 'Übersicht');
    await page.getByText(/Ihre Profi-Nummer: P-\d{6}/).waitFor();
    await page.getByText('Noch keine Aufträge auf Ihre Empfehlungen.').waitFor();
    await expectNoViolations(page, 'overview of a new seller');

    // Logged out, the password logs in again and the login comes back to the profi page asked for.
    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await page.goto(`${telko()}/de/profi/provisionen`);
    await page.waitForURL(/\/de\/login\?redirect=ProfiCommissions/);
    await waitForPageReady(page);
    await submitLogin(page, { email, password: PASSWORD });
    await page.waitForURL(/\/de\/profi\/provisionen$/);
    await expectH1(page, 'Provisionen');
    expect(withoutFailedRequests(seller.errors)).toEqual([]);
  });

  it('(b) an order on the seller’s recommendation becomes an approved commission once the client confirms it', async () => {
    const { page } = seller;
    const { backOffice, clock, server } = programme;
    await page.goto(`${telko()}/de/empfehlen/${PRODUCT}`);
    const { nr, link } = await recommendHere(page);
    const friend = await friendConfirms(programme.browser, link.toString(), FRIEND, FRIEND_IBAN);
    await friend.page.context().close();

    // The client's CRM reports the order, signed, through the integration API.
    const placed = await backOffice('POST', 'events', {
      Typ: 'order.placed',
      Empfehlungsnummer: nr,
      Auftragsnummer: ORDER,
      ProduktId: PRODUCT,
      Auftragsdatum: berlinDay(clock.now()),
      Kanal: 'link',
    });
    expect(placed.status, placed.text).toBe(200);
    await page.goto(`${telko()}/de/profi/provisionen`);
    await expectH1(page, 'Provisionen');
    const commissions = page.getByRole('table', { name: 'Ihre Provisionen' });
    const line = commissions.getByRole('row').filter({ hasText: ORDER });
    await line.waitFor();
    expect(await line.textContent()).toContain('Offen');
    expect(await line.textContent()).toContain('Der Auftrag wartet noch auf die Bestätigung durch uns.');
    expect(await line.textContent()).toMatch(/70,00\s€/);

    // The client confirms the contract; once the claim period is over (telko releases a confirmed order of
    // that age at once, else the release job does) the commission is approved.
    const concluded = await backOffice('POST', 'events', {
      Typ: 'contract.concluded',
      Auftragsnummer: ORDER,
    });
    expect(concluded.status, concluded.text).toBe(200);
    clock.advanceDays(CLAIM_DAYS + 1);
    await server.app.jobs.run('releaseDueOrders');
    await page.reload();
    await line.waitFor();
    expect(await line.textContent()).toContain('Freigegeben');
    expect(await line.textContent()).toContain(
      'Die Provision ist freigegeben und kommt auf Ihre nächste monatliche Gutschrift.',
    );
    await expectNoViolations(page, 'commissions with an approved line');

    // The order list shows it released, with the status filter and the exports.
    await page.goto(`${telko()}/de/profi/auftraege`);
    await expectH1(page, 'Aufträge');
    const orders = page.getByRole('table', { name: 'Ihre Aufträge' });
    await orders.getByRole('row').filter({ hasText: ORDER }).waitFor();
    expect(await orders.getByRole('row').filter({ hasText: ORDER }).textContent()).toContain('Freigegeben');
    await page.getByLabel('Auftragsstatus').selectOption('Storniert');
    await page.getByRole('button', { name: 'Anzeigen' }).click();
    await page.getByText('Keine Aufträge mit diesem Status.').waitFor();
    await page.getByLabel('Auftragsstatus').selectOption('Freigegeben');
    await page.getByRole('button', { name: 'Anzeigen' }).click();
    await orders.getByRole('row').filter({ hasText: ORDER }).waitFor();
    const csv = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Als CSV herunterladen' }).click();
    const file = await (await csv).path();
    expect(await readFile(file, 'utf8')).toContain(ORDER);
    await expectNoViolations(page, 'orders filtered');
    expect(withoutFailedRequests(seller.errors)).toEqual([]);
  });

  /**
   * Downloads credit note `nummer` from the billing page and checks it: a PDF whose lines are the note's
   * commissions and whose totals equal the sum of those lines (and the list's net, VAT and gross).
   */
  async function downloadAndCheck(page: Page, note: ProfiGutschrift): Promise<void> {
    await page.goto(`${telko()}/de/profi/abrechnung`);
    await expectH1(page, 'Abrechnung');
    const table = page.getByRole('table', { name: 'Ihre Gutschriften' });
    await table.getByRole('row').filter({ hasText: note.Nummer }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: `Gutschrift ${note.Nummer} als PDF herunterladen` }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe(`${note.Nummer}.pdf`);
    const pdf = await readFile(await saved.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(note.Nummer);

    const lines = await programme.server.app.database.kysely
      .selectFrom('profi_commission as c')
      .innerJoin('customer_order as o', 'o.id', 'c.order_id')
      .innerJoin('profi_credit_note as n', 'n.id', 'c.credit_note_id')
      .select(['o.external_order_id', 'c.basis_cent', 'c.extra_cent'])
      .where('n.mandant_id', '=', 'telko')
      .where('n.nummer', '=', Number(note.Nummer.replace(/\D/g, '')))
      .execute();
    expect(lines.length).toBe(note.Positionen);
    const textLines = text.split('\n');
    let sum = 0;
    for (const position of lines) {
      const amount = position.basis_cent + position.extra_cent;
      const printed = textLines.find((candidate) => candidate.includes(position.external_order_id)) ?? '';
      expect(amountsIn(printed), `${note.Nummer}: ${printed}`).toContain(amount);
      sum += amount;
    }
    const total = (name: RegExp) =>
      amountsIn(textLines.find((candidate) => name.test(candidate)) ?? '').at(-1);
    // The lines' sum: "Summe der Positionen" (§ 19 UStG) or the net amount (with VAT).
    expect(total(/^(Summe der Positionen|Nettobetrag)/), text).toBe(sum);
    expect(note.NettoCent).toBe(sum);
    expect(total(/^Gesamtbetrag/), text).toBe(note.BruttoCent);
    expect(note.BruttoCent).toBe(sum + note.UstCent);
  }

  it('(c) the seller’s credit note and the demo seller’s download as PDFs whose totals equal their lines', async () => {
    const { page } = seller;
    const { clock, server } = programme;
    // Into the next month: the month of the approval is finished and billed.
    const month = berlinMonth(clock.now());
    while (berlinMonth(clock.now()) === month) clock.advanceDays(1);
    await server.app.jobs.run('createProfiCreditNotes');
    await page.goto(`${telko()}/de/profi/abrechnung`);
    await expectH1(page, 'Abrechnung');
    await loaded(page);
    const notes = await page.evaluate(async (origin) => {
      const token = window.localStorage.getItem(`${window.location.host}_token`);
      const response = await fetch(`${origin}/api/v1/telko/profi/gutschriften`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return (await response.json()) as ProfiGutschrift[];
    }, telko());
    expect(notes).toHaveLength(1);
    const [note] = notes as [ProfiGutschrift];
    expect(note).toMatchObject({
      Steuerstatus: 'Kleinunternehmer',
      UstCent: 0,
      NettoCent: 7000,
      BruttoCent: 7000,
    });
    await downloadAndCheck(page, note);
    await expectNoViolations(page, 'billing with a credit note');
    await page.context().close();

    // Telko's demo seller (with VAT) has months of orders and credit notes.
    const demo = await openPage(programme.browser);
    await demo.page.goto(`${telko()}/de/login?redirect=ProfiBilling`);
    await waitForPageReady(demo.page);
    await declineTracking(demo.page);
    await submitLogin(demo.page, DEMO);
    await expectH1(demo.page, 'Abrechnung');
    await loaded(demo.page);
    const demoNotes = await demo.page.evaluate(async (origin) => {
      const token = window.localStorage.getItem(`${window.location.host}_token`);
      const response = await fetch(`${origin}/api/v1/telko/profi/gutschriften`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return (await response.json()) as ProfiGutschrift[];
    }, telko());
    expect(demoNotes.length).toBeGreaterThan(0);
    const withVat = demoNotes.find((candidate) => candidate.Steuerstatus === 'Regelbesteuert');
    expect(withVat?.UstSatzProzent).toBe(19);
    await downloadAndCheck(demo.page, withVat as ProfiGutschrift);
    expect(withoutFailedRequests(demo.errors)).toEqual([]);
    await demo.page.context().close();
  });

  it('(d) every profi page has no axe violation in German and English; a non-seller is offered the registration', async () => {
    const demo = await openPage(programme.browser);
    const { page } = demo;
    await page.goto(`${telko()}/de/login?redirect=ProfiOverview`);
    await waitForPageReady(page);
    await declineTracking(page);
    await submitLogin(page, DEMO);
    await expectH1(page, 'Übersicht');
    for (const language of ['de', 'en'] as const) {
      for (const entry of PAGES) {
        await page.goto(`${telko()}/${language}${entry.path}`);
        await expectH1(page, entry[language]);
        await loaded(page);
        await expectNoViolations(page, `${entry.path} (${language})`);
      }
    }
    // The navigation marks the current page.
    const nav = page.getByRole('navigation', { name: 'Professional seller area' });
    await page.goto(`${telko()}/en/profi/abrechnung`);
    await expectH1(page, 'Billing');
    expect(await nav.getByRole('link', { name: 'Billing' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBeNull();
    // At a phone's width the tables scroll in their own box, the page does not scroll sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/profi', '/profi/auftraege', '/profi/provisionen', '/profi/abrechnung']) {
      await page.goto(`${telko()}/de${path}`);
      await loaded(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways at 390 px`).toBeLessThanOrEqual(0);
      await expectNoViolations(page, `${path} at 390 px`);
    }
    expect(withoutFailedRequests(demo.errors)).toEqual([]);
    await page.context().close();

    // Anna is a recommender, no seller: each profi page says so and offers the registration.
    const anna = await openPage(programme.browser);
    await anna.page.goto(`${telko()}/de/login?redirect=ProfiOverview`);
    await waitForPageReady(anna.page);
    await declineTracking(anna.page);
    await submitLogin(anna.page, { email: 'anna.beispiel@netzplus.example', password: 'Empfehlen2026' });
    await expectH1(anna.page, 'Übersicht');
    await anna.page
      .getByText('Ihr Konto ist noch nicht als Profi-Verkäufer registriert.', { exact: false })
      .waitFor();
    await expectNoViolations(anna.page, 'overview of a non-seller');
    await anna.page.getByRole('link', { name: 'Als Profi-Verkäufer registrieren' }).click();
    await expectH1(anna.page, 'Als Profi-Verkäufer registrieren');
    await expect
      .poll(() => anna.page.getByLabel(label('E-Mail-Adresse')).inputValue())
      .toBe('anna.beispiel@netzplus.example');
    // Logged in, no captcha: the registration is for her own account.
    expect(await anna.page.locator('altcha-widget').count()).toBe(0);
    await anna.page.context().close();
  });
});
