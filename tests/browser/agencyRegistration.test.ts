import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, browserHarness, openPage } from '../support/browser.ts';
import { expectH1, withoutFailedRequests } from './fixtures/session.ts';

/**
 * Issue 14, an agency registers itself in Chromium against the real server (no SMTP_URL: the mail stays in
 * the outbox): the form on AgencyRegister, the mailed link (AgencyConfirm) confirms on load and leads to the
 * data form (AgencyRegisterData), which ends with the thank-you; the agency then waits for the programme team
 * (pending). axe runs on every state in de and en.
 */
const harness = browserHarness();
const telko = () => harness.server.url('telko');
const PASSWORD = 'Agenturstart7Werben';

const TEXTS = {
  de: {
    register: 'Agentur registrieren',
    firma: 'Firma',
    vorname: 'Vorname',
    nachname: 'Nachname',
    email: 'E-Mail-Adresse',
    password: 'Passwort',
    confirm: 'Passwort wiederholen',
    submit: 'Agentur registrieren',
    sent: 'Wir haben eine E-Mail an',
    data: 'Angaben zur Agentur',
    strasse: 'Straße und Hausnummer',
    plz: 'PLZ',
    ort: 'Ort',
    steuernummer: 'Steuernummer',
    telefon: 'Telefon',
    send: 'Angaben senden',
    done: 'Vielen Dank – wir prüfen Ihre Angaben',
    used: 'bereits verwendet',
  },
  en: {
    register: 'Register your agency',
    firma: 'Company',
    vorname: 'First name',
    nachname: 'Last name',
    email: 'E-mail address',
    password: 'Password',
    confirm: 'Repeat password',
    submit: 'Register agency',
    sent: 'We have sent an e-mail to',
    data: 'Agency details',
    strasse: 'Street and number',
    plz: 'Postcode',
    ort: 'City',
    steuernummer: 'Tax number',
    telefon: 'Phone',
    send: 'Send details',
    done: 'Thank you – we are reviewing your details',
    used: 'already been used',
  },
} as const;

const label = (text: string) => new RegExp(`^${text}( \\*)?$`);

async function expectNoViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

/** The path of the confirmation link mailed to the address. */
async function mailedPath(email: string): Promise<string> {
  const mail = (await harness.server.app.mail.list(100)).find((candidate) => candidate.recipient === email);
  const link = mail?.text?.match(/https?:\/\/\S+\/agentur\/bestaetigen\/\S+/)?.[0];
  if (!link) throw new Error(`no confirmation link in the mail to ${email}`);
  expect(new URL(link).origin).toBe(telko());
  return new URL(link).pathname;
}

describe('agency self-registration (issue 14)', () => {
  for (const language of ['de', 'en'] as const) {
    it(`registers, confirms the mailed link, completes the data and ends pending (${language})`, async () => {
      const text = TEXTS[language];
      const email = `inhaberin.${language}.${Date.now()}@neue-agentur.example`;
      const { page, errors } = await openPage(harness.browser, language === 'en' ? { locale: 'en-GB' } : {});
      await page.goto(`${telko()}/${language}/agentur/registrieren`);
      await expectH1(page, text.register);
      await page.getByLabel(label(text.password)).waitFor();
      await expectNoViolations(page);

      // The empty form names its fields (SPEC 5), with no axe violation either.
      await page.getByRole('button', { name: text.submit }).click();
      await expect(page.getByLabel(label(text.firma)).getAttribute('aria-invalid')).resolves.toBe('true');
      await expectNoViolations(page);

      await page.getByLabel(label(text.firma)).fill('Neue Agentur GmbH');
      await page.getByLabel(label(text.vorname)).fill('Ina');
      await page.getByLabel(label(text.nachname)).fill('Inhaberin');
      await page.getByLabel(label(text.email)).fill(email);
      await page.getByLabel(label(text.password)).fill(PASSWORD);
      await page.getByLabel(label(text.confirm)).fill(PASSWORD);
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: text.submit }).click();
      await expect(page.getByRole('status').first().textContent()).resolves.toContain(
        `${text.sent} ${email}`,
      );
      await expectNoViolations(page);

      const path = await mailedPath(email);
      expect(path).toMatch(new RegExp(`^/${language}/agentur/bestaetigen/[A-Za-z0-9_-]{43}$`));
      await page.goto(`${telko()}${path}`);
      await page.waitForURL(new RegExp(`/${language}/agentur/registrieren/daten/[A-Za-z0-9_-]{43}$`));
      await expectH1(page, text.data);
      await page.getByLabel(label(text.telefon)).waitFor();
      await expectNoViolations(page);

      await page.getByLabel(label(text.strasse)).fill('Am Markt 1');
      await page.getByLabel(label(text.plz)).fill('20095');
      await page.getByLabel(label(text.ort)).fill('Hamburg');
      await page.getByLabel(label(text.steuernummer)).fill('22/815/08154');
      await page.getByLabel(label(text.telefon)).fill('+49 40 123456');
      await page.getByRole('button', { name: text.send }).click();
      await expectH1(page, text.done);
      await expectNoViolations(page);

      const agency = await harness.server.app.database.kysely
        .selectFrom('agency_user')
        .innerJoin('agency', 'agency.id', 'agency_user.agency_id')
        .select(['agency.status', 'agency.ort', 'agency.agenturnummer'])
        .where('agency_user.mandant_id', '=', 'telko')
        .where('agency_user.email', '=', email)
        .executeTakeFirstOrThrow();
      expect(agency).toMatchObject({ status: 'pending', ort: 'Hamburg' });
      await expect(page.getByRole('status').first().textContent()).resolves.toContain(agency.agenturnummer);

      // The mailed link is single use: opening it again says so.
      await page.goto(`${telko()}${path}`);
      await expect(page.getByRole('alert').textContent()).resolves.toContain(text.used);
      await expectNoViolations(page);
      expect(withoutFailedRequests(errors)).toEqual([]);
    });
  }
});
