import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, browserHarness, openPage, waitForPageReady } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { materialiseMandants } from './fixtures/materialiseMandants.ts';
import { ANNA, expectH1, submitLogin } from './fixtures/session.ts';

/**
 * Issue 3, navigation guards (SPEC 2) in Chromium against the real server: the demo mandants, and a
 * forced-login mandant from tests/browser/fixtures/mandants (its `_base` is the repository's).
 */
const harness = browserHarness();
const telko = () => harness.server.url('telko');

let forced: RunningServer;
let removeFixture: () => Promise<void> = async () => {};

beforeAll(async () => {
  const fixture = await materialiseMandants();
  removeFixture = fixture.remove;
  forced = await startServer({ mandantsDir: fixture.dir });
});

afterAll(async () => {
  await forced?.close();
  await removeFixture();
});

/** The fixture mandant's demo account (tests/browser/fixtures/mandants/forced/demo/accounts.json). */
const ERIKA = { email: 'erika.muster@exklusiv.example', password: 'Empfehlen2026' };

describe('forced login (SPEC 2, ModuleErzwingeLogin)', () => {
  it('sends a guest to the login and, after login, back to the page they wanted', async () => {
    const { page, errors } = await openPage(harness.browser);
    await page.goto(`${forced.url('forced')}/de/faq`);
    // FAQ is on SPEC's exception list.
    await expectH1(page, 'Häufige Fragen');
    expect(new URL(page.url()).pathname).toBe('/de/faq');
    await page.goto(`${forced.url('forced')}/?widget=w1`);
    await page.waitForURL(/\/de\/login\?redirect=Homepage&widget=w1$/);
    await expectH1(page, 'Anmelden');
    expect(await axeViolations(page)).toEqual([]);

    await submitLogin(page, ERIKA);
    await page.waitForURL(/\/de\/\?widget=w1$/);
    // The home page of _base, now that the guest has logged in.
    await expectH1(page, 'Empfehlen Sie uns weiter – und sichern Sie sich Ihre Prämie');
    expect(await page.locator('h1').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('login-required pages (SPEC 2)', () => {
  it('redirect to the login with the route name in the query, and come back after login', async () => {
    const { page, errors } = await openPage(harness.browser);
    await page.goto(`${telko()}/de/persoenlicher-bereich?widget=abc`);
    await page.waitForURL(/\/de\/login\?redirect=Dashboard&widget=abc$/);
    await expectH1(page, 'Anmelden');
    await submitLogin(page, ANNA);
    await page.waitForURL(/\/de\/persoenlicher-bereich\?widget=abc$/);
    await expectH1(page, 'Hallo Anna');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('logout when not logged in goes to the login', async () => {
    const { page } = await openPage(harness.browser);
    await page.goto(`${telko()}/de/logout`);
    await page.waitForURL(/\/de\/login$/);
    await expectH1(page, 'Anmelden');
    await page.context().close();
  });

  it('agency pages without an agency login go to the agency login', async () => {
    const { page } = await openPage(harness.browser);
    await page.goto(`${telko()}/en/agentur/bereich`);
    await page.waitForURL(/\/en\/agentur\/login\?redirect=AgencyArea$/);
    await expectH1(page, 'Agency sign-in');
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});

describe('language and widget parameter (SPEC 2)', () => {
  it('the language switch keeps path, query and the widget parameter', async () => {
    const { page } = await openPage(harness.browser);
    await page.goto(`${telko()}/de/faq?widget=w1&channel=mail`);
    await waitForPageReady(page);
    await page.locator('a[hreflang="en"]').first().click();
    await page.waitForURL(/\/en\/faq\?widget=w1&channel=mail$/);
    await waitForPageReady(page);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
    await page.context().close();
  });

  it('a path without locale goes to the stored language', async () => {
    const { page } = await openPage(harness.browser);
    await page.goto(`${telko()}/en/`);
    await waitForPageReady(page);
    await page.goto(`${telko()}/faq`);
    await page.waitForURL(/\/en\/faq$/);
    await page.context().close();
  });

  it('an unknown locale shows the 404 page with HTTP 404, accessible', async () => {
    const { page, errors } = await openPage(harness.browser);
    const response = await page.goto(`${telko()}/xx/login`);
    expect(response?.status()).toBe(404);
    await expectH1(page, '404 - Datei nicht gefunden');
    expect(await axeViolations(page)).toEqual([]);
    // Chromium reports the page's own 404 status on the console; nothing else may be logged.
    expect(errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
    await page.context().close();
  });
});
