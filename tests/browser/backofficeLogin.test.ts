import { readFile } from 'node:fs/promises';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type BackofficeRole, backofficeAbilitiesOf } from '../../domain/backofficeAbilities.ts';
import { backofficeSectionsFor } from '../../domain/backofficeSections.ts';
import { axeViolations, browserHarness, DEFAULT_VIEWPORT, openPage } from '../support/browser.ts';
import { mandantRoutes } from '../support/mandants.ts';
import { REPO_ROOT } from '../support/server.ts';
import { ANNA, expectH1, storedToken, submitLogin, withoutFailedRequests } from './fixtures/session.ts';

/**
 * Issue 15, the back office's runtime in Chromium against the real server and telko's demo team
 * (mandants/telko/demo/backoffice.json): the sign-in with password and TOTP code (otplib computes the code
 * from the demo secret), exactly the sections of the user's roles, a reload keeps the tab's session, the
 * sign-out; the first sign-in's set-up; a wrong code's catalogue message; a recommender signed in beside it
 * keeps their session whatever happens to the back-office one. Axe on the sign-in (both steps), the start
 * page and the sign-out in German and English, and at a phone's 390 px.
 */
const harness = browserHarness();
const telko = () => harness.server.url('telko');
const PASSWORD = 'Backoffice2026';
const PHONE = { width: 390, height: 844 };
const TOKEN_KEY_SUFFIX = '_backoffice_token';

interface DemoStaff {
  email: string;
  name: string;
  roles: BackofficeRole[];
  totpSecret?: string;
}

async function demoStaff(email: string): Promise<DemoStaff> {
  const file = JSON.parse(await readFile(`${REPO_ROOT}/mandants/telko/demo/backoffice.json`, 'utf8')) as {
    staff: DemoStaff[];
  };
  const staff = file.staff.find((entry) => entry.email === email);
  if (!staff) throw new Error(`no demo staff ${email}`);
  return staff;
}

/** The German names of the sections `roles` may open, in the navigation's order, as far as telko has them. */
async function expectedSections(roles: BackofficeRole[], language: 'de' | 'en' = 'de'): Promise<string[]> {
  const { routes } = await mandantRoutes(harness.server.url(''), 'telko');
  const texts = JSON.parse(
    await readFile(`${REPO_ROOT}/mandants/_base/i18n/${language}.json`, 'utf8'),
  ) as Record<string, string>;
  return backofficeSectionsFor(backofficeAbilitiesOf(roles), (route) => route in routes).map(
    (section) => texts[section.label] ?? section.label,
  );
}

async function navigation(page: Page, name: string): Promise<string[]> {
  const nav = page.getByRole('navigation', { name, exact: true });
  await nav.waitFor();
  return (await nav.getByRole('link').allTextContents()).map((text) => text.trim());
}

async function expectNoViolations(page: Page, where: string): Promise<void> {
  expect(await axeViolations(page), where).toEqual([]);
}

/** Step 1 on the sign-in page the guard led to. */
async function enterPassword(page: Page, email: string, language: 'de' | 'en' = 'de'): Promise<void> {
  const de = language === 'de';
  await page.getByLabel(de ? 'E-Mail-Adresse' : 'E-mail address').fill(email);
  // The label, and the required marker ' *'.
  await page.getByLabel(de ? /^Passwort(?: \*)?$/ : /^Password(?: \*)?$/).fill(PASSWORD);
  await page.getByRole('button', { name: de ? 'Weiter' : 'Continue' }).click();
}

async function enterCode(page: Page, code: string, language: 'de' | 'en' = 'de'): Promise<void> {
  const de = language === 'de';
  await page.getByLabel(de ? /^Sicherheitscode(?: \*)?$/ : /^Security code(?: \*)?$/).fill(code);
  await page.getByRole('button', { name: de ? 'Anmelden' : 'Sign in', exact: true }).click();
}

/** A six-digit code that is not the current one (nor the one of a neighbouring time step). */
async function wrongCode(secret: string): Promise<string> {
  const valid = new Set(
    await Promise.all(
      [-30, 0, 30].map((shift) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + shift })),
    ),
  );
  for (let n = 0; ; n += 1) {
    const candidate = String(n).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}

/** The horizontal overflow of the document: 0 when nothing sticks out at the current width. */
function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

describe('the back office: sign-in, sections, sign-out (issue 15)', () => {
  it('the operator signs in with password and code, sees exactly their sections, stays signed in on reload and signs out; a recommender beside them keeps their session', async () => {
    const { page, errors } = await openPage(harness.browser);
    const operator = await demoStaff('service@netzplus.example');
    const secret = operator.totpSecret ?? '';

    // A recommender is signed in in the same browser first.
    await page.goto(`${telko()}/de/login`);
    await submitLogin(page, ANNA);
    await page.waitForURL(/\/de\/persoenlicher-bereich$/);
    const recommenderToken = await storedToken(page);
    expect(recommenderToken).toBeTruthy();

    // The back office's start without a back-office session: the sign-in, with the way back.
    await page.goto(`${telko()}/de/backoffice`);
    await expectH1(page, 'Anmeldung im Backoffice');
    expect(new URL(page.url()).search).toBe('?redirect=BackofficeHome');
    await expectNoViolations(page, 'sign-in, step 1 (de)');

    await enterPassword(page, operator.email);
    await page.getByRole('heading', { level: 2, name: 'Sicherheitscode eingeben' }).waitFor();
    const codeField = page.getByLabel(/^Sicherheitscode(?: \*)?$/);
    expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await codeField.getAttribute('inputmode')).toBe('numeric');
    await expectNoViolations(page, 'sign-in, step 2 (de)');

    // A wrong code: the catalogue's message (PSOF0701), and the step stays.
    await enterCode(page, await wrongCode(secret));
    await page.getByText('Der Sicherheitscode ist falsch', { exact: false }).first().waitFor();
    await expectNoViolations(page, 'sign-in, wrong code (de)');

    await enterCode(page, await generate({ secret }));
    await expectH1(page, 'Backoffice');
    expect(new URL(page.url()).pathname).toBe('/de/backoffice');
    const sections = await expectedSections(operator.roles);
    expect(sections).toContain('Prüfung');
    expect(await navigation(page, 'Backoffice')).toEqual(sections);
    // The start page: greeting with name and roles, a card for every section but itself.
    await page.getByText(`Guten Tag, ${operator.name}`).waitFor();
    await page.getByText('Ihre Rollen: Betrieb').waitFor();
    const cards = page.locator('main ul').last().getByRole('link');
    expect((await cards.allTextContents()).map((text) => text.trim())).toEqual(sections.slice(1));
    // The navigation marks the current page.
    expect(
      await page
        .getByRole('navigation', { name: 'Backoffice' })
        .getByRole('link', { name: 'Übersicht' })
        .getAttribute('aria-current'),
    ).toBe('page');
    // The token lives in this tab's sessionStorage, never in the recommender's cookie or local storage.
    expect(
      await page.evaluate(
        (suffix) => sessionStorage.getItem(`${location.host}${suffix}`) !== null,
        TOKEN_KEY_SUFFIX,
      ),
    ).toBe(true);
    expect(await storedToken(page)).toBe(recommenderToken);
    await expectNoViolations(page, 'start (de)');

    // A phone's width: the navigation is one row that scrolls, nothing sticks out of the page.
    await page.setViewportSize(PHONE);
    const tops = await page
      .getByRole('navigation', { name: 'Backoffice' })
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    expect(await pageOverflow(page)).toBe(0);
    await expectNoViolations(page, 'start (de, 390 px)');
    await page.setViewportSize(DEFAULT_VIEWPORT);

    // A reload keeps the tab's back-office session (restored by GET backoffice/sitzung), the recommender's too.
    await page.reload();
    await expectH1(page, 'Backoffice');
    expect(await navigation(page, 'Backoffice')).toEqual(sections);
    const account = page.getByRole('navigation', { name: 'Konto' });
    await account.getByRole('link', { name: 'Mein Bereich' }).waitFor();

    // English.
    await page.locator('header a[hreflang="en"]').click();
    await expectH1(page, 'Back office');
    expect(await navigation(page, 'Back office')).toEqual(await expectedSections(operator.roles, 'en'));
    await expectNoViolations(page, 'start (en)');
    await page.locator('header a[hreflang="de"]').click();
    await expectH1(page, 'Backoffice');

    // The header offers the back office's sign-out; the page confirms it.
    await account.getByRole('link', { name: 'Backoffice abmelden' }).click();
    await expectH1(page, 'Aus dem Backoffice abgemeldet');
    await expectNoViolations(page, 'sign-out (de)');
    await page.setViewportSize(PHONE);
    await expectNoViolations(page, 'sign-out (de, 390 px)');
    expect(await pageOverflow(page)).toBe(0);
    await page.setViewportSize(DEFAULT_VIEWPORT);
    await page.locator('header a[hreflang="en"]').click();
    await expectH1(page, 'Signed out of the back office');
    await expectNoViolations(page, 'sign-out (en)');
    expect(
      await page.evaluate((suffix) => sessionStorage.getItem(`${location.host}${suffix}`), TOKEN_KEY_SUFFIX),
    ).toBeNull();

    // The back office is closed again; the recommender is still signed in.
    await page.goto(`${telko()}/de/backoffice`);
    await expectH1(page, 'Anmeldung im Backoffice');
    expect(await storedToken(page)).toBe(recommenderToken);
    await page.goto(`${telko()}/de/persoenlicher-bereich`);
    await page.waitForURL(/\/de\/persoenlicher-bereich$/);
    await page.getByRole('navigation', { name: 'Konto' }).getByRole('link', { name: 'Abmelden' }).waitFor();
    expect(withoutFailedRequests(errors)).toEqual([]);
  });

  it('a viewer sees fewer sections, in English at a phone’s width; a section of another role leads to the start', async () => {
    const { page, errors } = await openPage(harness.browser);
    await page.setViewportSize(PHONE);
    const viewer = await demoStaff('betrachter@netzplus.example');
    await page.goto(`${telko()}/en/backoffice`);
    await expectH1(page, 'Back-office sign-in');
    await expectNoViolations(page, 'sign-in, step 1 (en, 390 px)');
    expect(await pageOverflow(page)).toBe(0);
    await enterPassword(page, viewer.email, 'en');
    await page.getByRole('heading', { level: 2, name: 'Enter the security code' }).waitFor();
    await expectNoViolations(page, 'sign-in, step 2 (en, 390 px)');
    await enterCode(page, await generate({ secret: viewer.totpSecret ?? '' }), 'en');
    await expectH1(page, 'Back office');
    const sections = await expectedSections(viewer.roles, 'en');
    const operatorSections = await expectedSections(['operator'], 'en');
    expect(await navigation(page, 'Back office')).toEqual(sections);
    expect(sections.length).toBeLessThan(operatorSections.length);
    expect(sections).not.toContain('Review');
    await page.getByText('Your roles: Viewer').waitFor();
    await expectNoViolations(page, 'start (en, 390 px)');
    expect(await pageOverflow(page)).toBe(0);

    // The review queue is the operator's: for the viewer the guard leads back to the start.
    const { routes } = await mandantRoutes(harness.server.url(''), 'telko');
    if (routes.BackofficeReview) {
      await page.goto(`${telko()}/en${routes.BackofficeReview}`);
      await expectH1(page, 'Back office');
      expect(new URL(page.url()).pathname).toBe('/en/backoffice');
    }
    await page
      .getByRole('navigation', { name: 'Account' })
      .getByRole('link', { name: 'Sign out of the back office' })
      .click();
    await expectH1(page, 'Signed out of the back office');
    await expectNoViolations(page, 'sign-out (en, 390 px)');
    expect(withoutFailedRequests(errors)).toEqual([]);
  });

  it('the first sign-in sets up the authenticator: the secret in groups of four, then its code signs in', async () => {
    const { page, errors } = await openPage(harness.browser);
    await page.goto(`${telko()}/de/backoffice/anmelden`);
    await expectH1(page, 'Anmeldung im Backoffice');
    await enterPassword(page, 'neu@netzplus.example');
    await page.getByRole('heading', { level: 2, name: 'Authenticator-App einrichten' }).waitFor();
    const shown = (await page.getByTestId('totp-secret').textContent()) ?? '';
    expect(shown).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    const uri = (await page.getByRole('link', { name: /^otpauth:\/\/totp\// }).textContent()) ?? '';
    const secret = shown.replace(/ /g, '');
    expect(new URL(uri).searchParams.get('secret')).toBe(secret);
    await page.getByRole('img', { name: 'QR-Code zum Einrichten der Authenticator-App' }).waitFor();
    await expectNoViolations(page, 'sign-in, set-up (de)');
    await page.setViewportSize(PHONE);
    await expectNoViolations(page, 'sign-in, set-up (de, 390 px)');
    expect(await pageOverflow(page)).toBe(0);
    await page.setViewportSize(DEFAULT_VIEWPORT);

    await enterCode(page, await generate({ secret }));
    await expectH1(page, 'Backoffice');
    await page.getByText('Guten Tag, Nele Neu').waitFor();
    expect(withoutFailedRequests(errors)).toEqual([]);
  });

  it('a back-office token the server refuses ends only the back-office session, never the recommender’s', async () => {
    const { page, errors } = await openPage(harness.browser);
    await page.goto(`${telko()}/de/login`);
    await submitLogin(page, ANNA);
    // The login leads to the account's language, which the first test's language switch may have changed.
    await page.waitForURL(/\/(de|en)\/persoenlicher-bereich$/);
    const recommenderToken = await storedToken(page);
    // A token of the right form that the server does not accept (a forged signature), in this tab's storage.
    await page.evaluate((suffix) => {
      const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
      const exp = Math.floor(Date.now() / 1000) + 3600;
      sessionStorage.setItem(
        `${location.host}${suffix}`,
        `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: '1', mnd: 'telko', kind: 'backoffice', jti: 'x', iat: exp - 60, exp })}.Zm9yZ2Vk`,
      );
    }, TOKEN_KEY_SUFFIX);
    await page.goto(`${telko()}/de/backoffice`);
    await expectH1(page, 'Anmeldung im Backoffice');
    expect(
      await page.evaluate((suffix) => sessionStorage.getItem(`${location.host}${suffix}`), TOKEN_KEY_SUFFIX),
    ).toBeNull();
    expect(await storedToken(page)).toBe(recommenderToken);
    await page.goto(`${telko()}/de/persoenlicher-bereich`);
    await page.waitForURL(/\/de\/persoenlicher-bereich$/);
    await page
      .getByRole('navigation', { name: 'Konto' })
      .getByRole('link', { name: 'Mein Bereich' })
      .waitFor();
    // Only the refused GET backoffice/sitzung failed (Chromium logs it as a console error).
    expect(withoutFailedRequests(errors)).toEqual([]);
  });
});
