import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, browserHarness, openPage, waitForPageReady } from '../support/browser.ts';
import { signInToBackoffice } from './fixtures/backoffice.ts';
import { channelNames, declineTracking, fillRecommender, solveCaptcha } from './fixtures/recommend.ts';
import { expectH1 } from './fixtures/session.ts';

/**
 * Issue 15 "settings without a deploy": the telko demo's admin signs in (password and TOTP) in Chromium,
 * moves Xing to the top of the channel ranks, previews the draft (the new order), publishes it, and the
 * recommend flow's share list shows Xing first; the admin rolls back to the file and the order is the
 * file's again. Axe on the settings page in German and English.
 */
const harness = browserHarness();
const telko = () => harness.server.url('telko');
const ADMIN = 'admin@netzplus.example';

/** The share list a recommender sees after recommending a telko product. */
async function sharedChannels(page: Page, email: string): Promise<string[]> {
  await page.goto(`${telko()}/de/internet`);
  await waitForPageReady(page);
  await declineTracking(page);
  await page.locator('a[href^="/de/empfehlen/"]').first().click();
  await expectH1(page, 'Jetzt empfehlen');
  await page.getByRole('button', { name: 'Empfehlung abgeben' }).waitFor();
  await fillRecommender(page, { vorname: 'Rita', nachname: 'Rang', email });
  await page.getByLabel(/Ich akzeptiere die Teilnahmebedingungen/).check();
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Empfehlung abgeben' }).click();
  await expectH1(page, 'Empfehlung teilen');
  await page.getByRole('list', { name: 'Teilen per …' }).waitFor();
  return channelNames(page);
}

async function expectNoViolations(page: Page, where: string): Promise<void> {
  expect(await axeViolations(page), where).toEqual([]);
}

describe('back-office settings (issue 15)', () => {
  it('an admin changes a channel rank, previews, publishes, the share list follows; rollback; axe in de and en', async () => {
    const { page } = await openPage(harness.browser);
    await signInToBackoffice(page, telko(), '/backoffice/einstellungen', ADMIN, 'Einstellungen');
    await page
      .getByTestId('settings-source')
      .filter({ hasText: 'Es gilt die Datei des Mandanten.' })
      .waitFor();
    await expectNoViolations(page, 'settings (de)');

    // Copy link is a ranked channel too (issue 18: 0 and first among equals by default): Xing takes rank 0,
    // copy link moves behind it.
    await page.getByLabel(/^Xing(?: \*)?$/).fill('0');
    await page.getByLabel(/^Link kopieren(?: \*)?$/).fill('1');
    await page.getByRole('button', { name: 'Als Entwurf speichern' }).click();
    await page
      .getByText(/^Entwurf 1 gespeichert/)
      .waitFor({ timeout: 10_000 })
      .catch(async (error) => {
        throw new Error(`${error}\n${await page.locator('main').innerText()}`);
      });
    const after = page.getByTestId('channels-after').getByRole('listitem');
    await after.first().waitFor();
    expect(await after.first().textContent()).toBe('XING');
    expect(await after.nth(1).textContent()).toBe('Link kopieren');
    expect(await page.getByTestId('channels-before').getByRole('listitem').first().textContent()).toBe(
      'Link kopieren',
    );
    await expectNoViolations(page, 'settings with a preview (de)');

    await page.getByRole('button', { name: 'Version 1 veröffentlichen' }).first().click();
    await page.getByText(/^Version 1 ist veröffentlicht/).waitFor();
    await page
      .getByTestId('settings-source')
      .filter({ hasText: 'Es gilt die veröffentlichte Version 1.' })
      .waitFor();

    const recommender = await openPage(harness.browser);
    const shared = await sharedChannels(recommender.page, 'rita.rang@example.org');
    expect(shared[0]).toBe('XING');
    await recommender.page.context().close();

    // English: the same page and its states.
    await page.goto(`${telko()}/en/backoffice/einstellungen`);
    await expectH1(page, 'Settings');
    await page.getByTestId('settings-source').filter({ hasText: 'Published version 1 applies.' }).waitFor();
    await expectNoViolations(page, 'settings (en)');
    await page.getByRole('button', { name: 'Preview of version 1' }).click();
    await page.getByRole('heading', { name: 'Preview of version 1' }).waitFor();
    await expectNoViolations(page, 'settings with a preview (en)');

    // Back to the file: the share list is the file's again.
    await page.getByRole('button', { name: 'Back to the mandant’s file' }).click();
    await page.getByText('The mandant’s file applies again.').waitFor();
    await page.getByRole('button', { name: 'Restore version 1' }).waitFor();
    const again = await openPage(harness.browser);
    const restored = await sharedChannels(again.page, 'rita.rang2@example.org');
    expect(restored[0]).toBe('E-Mail-Programm');
    await again.page.context().close();

    // Rollback: version 1 applies again as version 2.
    await page.getByRole('button', { name: 'Restore version 1' }).click();
    await page.getByText(/^Version 1 applies again/).waitFor();
    await page.getByTestId('settings-source').filter({ hasText: 'Published version 2 applies.' }).waitFor();
    await page.context().close();
  });
});
