import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { signRequest } from '../../server/integration/verifySignature.ts';
import { axeViolations, browserHarness, openPage } from '../support/browser.ts';
import { signInToBackoffice, tablesLoaded } from './fixtures/backoffice.ts';
import { expectH1 } from './fixtures/session.ts';

/**
 * Issue 15 "an admin rotates an API key and the old key stops working; the audit log holds each of these
 * actions": the telko demo's admin signs in (password and TOTP) in Chromium, creates an API key (its secret
 * shown once), the integration API accepts a call signed with it; rotating shows a new secret and the old
 * one is refused; the admin invites a member of staff and reads these actions in the audit log. Axe on every
 * page and state in German and English.
 */
vi.setConfig({ hookTimeout: 300_000, testTimeout: 300_000 });
const harness = browserHarness();
const telko = () => harness.server.url('telko');

async function expectNoViolations(page: Page, where: string): Promise<void> {
  expect(await axeViolations(page), where).toEqual([]);
}

/** A signed read of telko's integration API, as the client's system makes it. */
async function integrationCall(apiKey: string, secret: string): Promise<number> {
  const id = randomUUID();
  const at = new Date();
  const response = await harness.server.app.inject({
    method: 'GET',
    url: '/api/v1/telko/integration/vouchers',
    headers: {
      'x-api-key': apiKey,
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signRequest(secret, id, '', at),
    },
  });
  return response.statusCode;
}

async function shownSecret(page: Page): Promise<string> {
  const code = page.getByTestId('shown-secret');
  await code.waitFor();
  return (await code.textContent())?.trim() ?? '';
}

describe('back-office admin tools (issue 15)', () => {
  it('an admin creates and rotates an API key (the old secret is refused), invites staff and reads the audit log; axe in de and en', async () => {
    const { page } = await openPage(harness.browser);
    page.on('dialog', (dialog) => void dialog.accept());
    await signInToBackoffice(
      page,
      telko(),
      '/backoffice/integration',
      'admin@netzplus.example',
      'Integration',
    );
    await tablesLoaded(page);
    await expectNoViolations(page, 'integration (de)');

    await page.getByLabel(/^Bezeichnung/).fill('Shop-Anbindung');
    await page.getByRole('button', { name: 'Schlüssel anlegen' }).click();
    const first = await shownSecret(page);
    expect(first).toMatch(/^whsec_/);
    await expectNoViolations(page, 'integration, secret shown (de)');
    const keyId = (await page.getByRole('heading', { level: 2, name: /^Neues Geheimnis für / }).textContent())
      ?.replace(/^Neues Geheimnis für /, '')
      .trim();
    if (!keyId) throw new Error('no key id');
    expect(await integrationCall(keyId, first)).toBe(200);

    await page.getByRole('button', { name: 'Ich habe das Geheimnis gespeichert' }).click();
    await page.getByRole('button', { name: `Geheimnis von ${keyId} erneuern` }).click();
    await page.getByRole('heading', { level: 2, name: `Neues Geheimnis für ${keyId}` }).waitFor();
    const second = await shownSecret(page);
    expect(second).not.toBe(first);
    expect(await integrationCall(keyId, first)).toBe(401);
    expect(await integrationCall(keyId, second)).toBe(200);
    await page.getByRole('button', { name: 'Ich habe das Geheimnis gespeichert' }).click();
    expect(await page.getByText(first).count()).toBe(0);

    await page.goto(`${telko()}/de/backoffice/mitarbeiter`);
    await expectH1(page, 'Team');
    await tablesLoaded(page);
    await expectNoViolations(page, 'staff (de)');
    await page.getByLabel('Name *', { exact: true }).fill('Nora Neu');
    await page.getByLabel('E-Mail-Adresse *', { exact: true }).fill('nora.neu@netzplus.example');
    await page.getByRole('checkbox', { name: 'Betrieb' }).check();
    await page.getByRole('button', { name: 'Einladen' }).click();
    await page.getByText(/^Nora Neu ist eingeladen/).waitFor();
    await tablesLoaded(page);
    await expectNoViolations(page, 'staff, invited (de)');

    await page.goto(`${telko()}/de/backoffice/protokoll`);
    await expectH1(page, 'Protokoll');
    await tablesLoaded(page);
    const log = page.getByRole('table', { name: 'Protokolleinträge' });
    // The actions in words (the block keeps the recorded name as the cell's title).
    for (const action of ['API-Schlüssel angelegt', 'API-Schlüssel erneuert', 'Teammitglied eingeladen']) {
      await log.getByRole('cell', { name: action, exact: true }).first().waitFor();
    }
    expect(await page.content()).not.toContain(first);
    expect(await page.content()).not.toContain(second);
    await expectNoViolations(page, 'audit (de)');
    await log
      .getByRole('button', { name: /^Vorher und nachher zu API-Schlüssel erneuert/ })
      .first()
      .click();
    await page.getByRole('heading', { level: 2, name: `API-Schlüssel erneuert an ${keyId}` }).waitFor();
    await expectNoViolations(page, 'audit, details (de)');

    for (const [path, h1] of [
      ['/backoffice/integration', 'Integration'],
      ['/backoffice/mitarbeiter', 'Team'],
      ['/backoffice/protokoll', 'Audit log'],
    ] as const) {
      await page.goto(`${telko()}/en${path}`);
      await expectH1(page, h1);
      await tablesLoaded(page);
      await expectNoViolations(page, `${path} (en)`);
    }
    await page.close();
  });
});
