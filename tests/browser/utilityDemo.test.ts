import { describe, expect, it } from 'vitest';
import { axeViolations, browserHarness, openPage } from '../support/browser.ts';
import { expectH1, submitLogin } from './fixtures/session.ts';

/**
 * Issue 7's proof: the third demo mandant (mandants/stadtwerk, added as JSON only) behaves as configured —
 * forced login sends guests to its own pre-page (SPEC 2), and its customers get in with their login.
 */
const harness = browserHarness();
const MIA = { email: 'mia.nachbar@stadtwerke-lindenau.example', password: 'Empfehlen2026' };

describe('Stadtwerke Lindenau (forced login with a pre-page)', () => {
  it('shows a guest the pre-page instead of the home page, and the home page after login', async () => {
    const { page, errors } = await openPage(harness.browser);
    await page.goto(`${harness.server.url('stadtwerk')}/de/`);
    await page.waitForURL((url) => url.pathname === '/de/willkommen');
    await expectH1(page, 'Freunde werben für die Stadtwerke Lindenau');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Jetzt anmelden' }).click();
    await page.waitForURL((url) => url.pathname === '/de/login');
    await expectH1(page, 'Anmelden');
    await submitLogin(page, MIA);
    await page.waitForURL((url) => url.pathname !== '/de/login');

    await page.goto(`${harness.server.url('stadtwerk')}/de/`);
    await expectH1(page, 'Energie aus Lindenau weiterempfehlen – 40 € Prämie');
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('keeps the exception list open to guests (SPEC 2): FAQ and imprint', async () => {
    const { page } = await openPage(harness.browser);
    for (const path of ['/en/faq', '/en/impressum']) {
      await page.goto(`${harness.server.url('stadtwerk')}${path}`);
      await page.waitForSelector('[data-page-ready="true"]');
      expect(new URL(page.url()).pathname).toBe(path);
    }
    await page.context().close();
  });
});
