import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BackofficeRole, backofficeAbilitiesOf } from '../../domain/backofficeAbilities.ts';
import { backofficeSectionsFor } from '../../domain/backofficeSections.ts';
import type { LocalIdentityProvider } from '../../server/agency/sso/localIdentityProvider.ts';
import { startLocalAgencyProvider } from '../../server/agency/sso/startLocalProvider.ts';
import { axeViolations, browserHarness, openPage, waitForPageReady } from '../support/browser.ts';
import { mandantRoutes } from '../support/mandants.ts';
import { REPO_ROOT } from '../support/server.ts';
import { expectH1, withoutFailedRequests } from './fixtures/session.ts';

/**
 * Issue 15, the back office's single sign-on in Chromium against the real server: telko's demo operator
 * (service@netzplus.example, mandants/telko/demo/backoffice.json) signs in through the local identity
 * provider's real form (authorization code flow with PKCE S256), without a TOTP code, and lands in the back
 * office with the operator's sections. An answer this tab did not start is refused without asking the
 * server. Axe 0 on the sign-in with the SSO button and on the callback page in German and English.
 */
const harness = browserHarness();
const telko = () => harness.server.url('telko');
const OPERATOR = {
  email: 'service@netzplus.example',
  password: 'Backoffice2026',
  roles: ['operator'] as BackofficeRole[],
};

let provider: LocalIdentityProvider | undefined;

beforeAll(async () => {
  provider = await startLocalAgencyProvider(harness.server.app, { port: 0 });
});
afterAll(async () => {
  await provider?.close();
});

async function expectedSections(roles: BackofficeRole[]): Promise<string[]> {
  const { routes } = await mandantRoutes(harness.server.url(''), 'telko');
  const texts = JSON.parse(await readFile(`${REPO_ROOT}/mandants/_base/i18n/de.json`, 'utf8')) as Record<
    string,
    string
  >;
  return backofficeSectionsFor(backofficeAbilitiesOf(roles), (route) => route in routes).map(
    (section) => texts[section.label] ?? section.label,
  );
}

async function navigation(page: Page, name: string): Promise<string[]> {
  const nav = page.getByRole('navigation', { name, exact: true });
  await nav.waitFor();
  return (await nav.getByRole('link').allTextContents()).map((text) => text.trim());
}

describe('back-office single sign-on (issue 15)', () => {
  it('the sign-in offers single sign-on, axe clean in German and English', async () => {
    const { page, errors } = await openPage(harness.browser);
    await page.goto(`${telko()}/de/backoffice/anmelden`);
    await waitForPageReady(page);
    await expectH1(page, 'Anmeldung im Backoffice');
    await page.getByRole('button', { name: 'Mit Single Sign-on anmelden' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`${telko()}/en/backoffice/anmelden`);
    await waitForPageReady(page);
    await page.getByRole('button', { name: 'Sign in with single sign-on' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the operator signs in through the provider’s form and lands in the back office with the operator’s sections', async () => {
    const { page, errors } = await openPage(harness.browser);
    const exchanges: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/backoffice/sso') && request.method() === 'PUT')
        exchanges.push(request.url());
    });
    await page.goto(`${telko()}/de/backoffice`);
    await expectH1(page, 'Anmeldung im Backoffice');
    await page.getByRole('button', { name: 'Mit Single Sign-on anmelden' }).click();

    await page.waitForURL(
      (url) => url.origin === provider?.issuer && url.pathname.startsWith('/interaction/'),
    );
    await page.getByRole('heading', { level: 1, name: 'Anmeldung im Backoffice' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('E-Mail-Adresse').fill(OPERATOR.email);
    await page.getByLabel('Passwort').fill(OPERATOR.password);
    await page.getByRole('button', { name: 'Anmelden' }).click();

    await page.waitForURL(/\/de\/backoffice$/, { timeout: 20_000 });
    await expectH1(page, 'Backoffice');
    expect(exchanges).toHaveLength(1);
    expect(await navigation(page, 'Backoffice')).toEqual(await expectedSections(OPERATOR.roles));
    expect(new URL(page.url()).search).toBe('');
    expect(await page.evaluate(() => sessionStorage.getItem('backofficeSso'))).toBeNull();
    expect(withoutFailedRequests(errors)).toEqual([]);
    await page.context().close();
  });

  it('sends PKCE S256 with the back office’s client and scope', async () => {
    const { page } = await openPage(harness.browser);
    await page.goto(`${telko()}/en/backoffice/anmelden`);
    await waitForPageReady(page);
    await page.route(`${provider?.issuer}/**`, (route) => route.abort('aborted'));
    const request = page.waitForRequest((candidate) =>
      candidate.url().startsWith(`${provider?.issuer}/auth`),
    );
    await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
    const url = new URL((await request).url());
    expect(url.searchParams.get('client_id')).toBe('netzplus-backoffice');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('scope')).toBe('openid backoffice_roles az_basic');
    expect(url.searchParams.get('redirect_uri')).toBe(`${telko()}/en/backoffice/sso`);
    const pending = JSON.parse(
      (await page.evaluate(() => sessionStorage.getItem('backofficeSso'))) ?? '{}',
    ) as {
      state?: string;
    };
    expect(url.searchParams.get('state')).toBe(pending.state);
    await page.context().close();
  });

  it.each([
    ['de', 'Diese Anmeldung wurde nicht in diesem Browserfenster begonnen', 'Zur Anmeldung'],
    ['en', 'This sign-in was not started in this browser window', 'To the sign-in'],
  ])(
    'the callback refuses an answer this tab did not start (%s), axe clean',
    async (language, message, back) => {
      const { page, errors } = await openPage(harness.browser);
      const exchanges: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/backoffice/sso') && request.method() === 'PUT')
          exchanges.push(request.url());
      });
      await page.goto(`${telko()}/${language}/backoffice/sso?code=fremder-code&state=fremder-state`);
      await waitForPageReady(page);
      await expect(page.getByRole('alert').textContent()).resolves.toContain(message);
      await page.getByRole('link', { name: back }).waitFor();
      expect(exchanges).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.context().close();
    },
  );
});
