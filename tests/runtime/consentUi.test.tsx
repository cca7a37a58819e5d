import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useAtomValue, useStore } from 'jotai';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import baseTexts from '../../mandants/_base/i18n/de.json';
import ConsentController from '../../runtime/consent/ConsentController.tsx';
import { ConsentUi } from '../../runtime/consent/ConsentUi.tsx';
import { consentAtom } from '../../runtime/consent/consentAtom.ts';
import { CONSENT_COOKIE_NAME } from '../../runtime/consent/consentCookie.ts';
import { consentDialogOpenAtom } from '../../runtime/consent/consentUiAtoms.ts';
import { documentCookieJar } from '../../runtime/consent/cookieJar.ts';
import { type ConsentManager, createConsentManager } from '../../runtime/consent/createConsentManager.ts';
import { Footer } from '../../runtime/shell/Footer.tsx';
import { emitNavigated } from '../../runtime/tracking/navigated.ts';
import type { MandantResponse, Tracking } from '../../schemas/api.ts';
import { ANALYTICS, memoryJar } from './consentFixtures.ts';
import { renderInRuntime, sampleBootData } from './fixtures.tsx';

const texts = Object.entries(baseTexts).map(([Key, Value]) => ({ Key, Value }));

function bootWith(mandant: Partial<MandantResponse>) {
  const boot = sampleBootData();
  return { ...boot, mandant: { ...boot.mandant, ...mandant }, languageContent: texts };
}

/** What ConsentController does, with a manager in memory that the test can inspect. */
function Harness({
  trackings,
  onManager,
}: {
  trackings: Tracking[];
  onManager: (m: ConsentManager) => void;
}) {
  const store = useStore();
  const [manager] = useState(() => {
    const created = createConsentManager({ store, trackings, internal: true, jar: memoryJar() });
    onManager(created);
    return created;
  });
  const state = useAtomValue(consentAtom);
  const [dialogOpen, setDialogOpen] = useState(false);
  return (
    <>
      <button type="button">Vorher</button>
      <main id="main" tabIndex={-1}>
        Inhalt
      </main>
      <ConsentUi
        manager={manager}
        state={state}
        showBanner={!state.decided}
        dialogOpen={dialogOpen}
        onDialogOpenChange={setDialogOpen}
      />
    </>
  );
}

function renderHarness(trackings: Tracking[] = [ANALYTICS]) {
  let manager: ConsentManager | undefined;
  renderInRuntime(<Harness trackings={trackings} onManager={(m) => (manager = m)} />, {
    boot: bootWith({ useInternalConsentManager: true, trackings }),
  });
  if (!manager) throw new Error('no manager');
  return manager;
}

function openSettings() {
  const opener = screen.getByRole('button', { name: 'Einstellungen' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog', { name: 'Cookie-Einstellungen' }) };
}

afterEach(() => {
  documentCookieJar(document).remove(CONSENT_COOKIE_NAME);
});

describe('consent banner (a non-modal region)', () => {
  it('has a heading, the text, a privacy link and the three choices', () => {
    renderHarness();
    const banner = screen.getByRole('region', { name: 'Ihre Privatsphäre' });
    expect(within(banner).getByRole('heading', { level: 2 }).textContent).toBe('Ihre Privatsphäre');
    expect(
      within(banner)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Alle akzeptieren', 'Nur notwendige', 'Einstellungen']);
    expect(
      within(banner).getByRole('link', { name: 'Mehr in der Datenschutzerklärung' }).getAttribute('href'),
    ).toBe('/de/datenschutz');
    // Non-modal: the page stays reachable.
    expect(banner.closest('[aria-modal]')).toBeNull();
  });

  it.each([
    ['Alle akzeptieren', { functional: true, analytical: true, marketing: true }],
    ['Nur notwendige', { functional: false, analytical: false, marketing: false }],
  ])('"%s" decides, hides the banner and moves focus to the content', (label, choice) => {
    const manager = renderHarness();
    const button = screen.getByRole('button', { name: label });
    button.focus();
    fireEvent.click(button);
    expect(manager.get()).toMatchObject({ decided: true, choice });
    expect(screen.queryByRole('region', { name: 'Ihre Privatsphäre' })).toBeNull();
    expect(document.activeElement?.id).toBe('main');
  });
});

describe('settings dialog (a real modal)', () => {
  it('is labelled, modal, and takes the focus', () => {
    renderHarness();
    const { dialog } = openSettings();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('offers a checkbox per category; required is checked and disabled', () => {
    renderHarness();
    const { dialog } = openSettings();
    const boxes = within(dialog).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((box) => [box.labels?.[0]?.textContent, box.checked, box.disabled])).toEqual([
      ['Notwendig (immer aktiv)', true, true],
      ['Funktional', false, false],
      ['Analyse', false, false],
      ['Marketing', false, false],
    ]);
    // Each category is described, and lists what it covers (here the Matomo tracker under Analyse).
    expect(boxes[2]?.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      within(dialog)
        .getByText(/Matomo \(Webanalyse\)/)
        .closest('li')?.textContent,
    ).toContain('analytics.example');
  });

  it('Tab from the last element goes to the first, Shift+Tab from the first to the last', () => {
    renderHarness();
    const { dialog } = openSettings();
    const focusable = dialog.querySelectorAll<HTMLElement>('button, a[href], input:not([disabled]), summary');
    const first = focusable[0] as HTMLElement;
    const last = focusable[focusable.length - 1] as HTMLElement;
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('a Tab from outside the dialog is pulled back into it', () => {
    renderHarness();
    const { dialog } = openSettings();
    screen.getByRole('button', { name: 'Vorher', hidden: true }).focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('Escape closes without saving and focus returns to the opener', async () => {
    const manager = renderHarness();
    const { opener, dialog } = openSettings();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Analyse' }));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(manager.get().decided).toBe(false);
  });

  it('the close button closes too, focus back at the opener', async () => {
    renderHarness();
    const { opener, dialog } = openSettings();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schließen' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('saves the selection; the banner (and the opener with it) goes, focus lands on the content', async () => {
    const manager = renderHarness();
    const { dialog } = openSettings();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Analyse' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Auswahl speichern' }));
    expect(manager.get()).toMatchObject({
      decided: true,
      choice: { functional: false, analytical: true, marketing: false },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Ihre Privatsphäre' })).toBeNull();
    await waitFor(() => expect(document.activeElement?.id).toBe('main'));
  });
});

describe('consent controller in the shell', () => {
  function renderController(mandant: Partial<MandantResponse>) {
    return renderInRuntime(
      <>
        <ConsentController routeName="Homepage" />
        <Footer />
      </>,
      { boot: bootWith({ trackings: [], ...mandant }) },
    );
  }

  it.each([
    ['Homepage', '/', true],
    ['Faq', '/faq', true],
    ['Privacy', '/datenschutz', false],
    ['Imprint', '/impressum', false],
  ])('on %s the banner shows: %s (SPEC 2)', async (routeName, path, shown) => {
    renderController({ useInternalConsentManager: true });
    act(() => emitNavigated({ routeName, params: {}, pathname: `/de${path}`, search: '', title: routeName }));
    if (shown) expect(await screen.findByRole('region', { name: 'Ihre Privatsphäre' })).toBeTruthy();
    else {
      await waitFor(() => expect(window.psoeConsent).toBeDefined());
      expect(screen.queryByRole('region', { name: 'Ihre Privatsphäre' })).toBeNull();
    }
  });

  it('"Cookie-Einstellungen" in the footer opens the dialog, also where the banner is suppressed', async () => {
    const { store } = renderController({ useInternalConsentManager: true });
    act(() =>
      emitNavigated({
        routeName: 'Privacy',
        params: {},
        pathname: '/de/datenschutz',
        search: '?f=1',
        title: 'x',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cookie-Einstellungen' }));
    expect(store.get(consentDialogOpenAtom)).toBe(true);
    expect(await screen.findByRole('dialog', { name: 'Cookie-Einstellungen' })).toBeTruthy();
  });

  it('an external manager decides: no banner, no footer link, but window.psoeConsent', async () => {
    renderController({ useInternalConsentManager: false });
    act(() =>
      emitNavigated({ routeName: 'Homepage', params: {}, pathname: '/de/', search: '?ext=1', title: 'x' }),
    );
    await waitFor(() => expect(window.psoeConsent).toBeDefined());
    expect(screen.queryByRole('region', { name: 'Ihre Privatsphäre' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cookie-Einstellungen' })).toBeNull();
  });
});
