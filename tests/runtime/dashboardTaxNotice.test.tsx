import { act, screen, waitFor } from '@testing-library/react';
import { type AxiosAdapter, AxiosError } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dashboard } from '../../blocks/Dashboard/Dashboard.tsx';
import baseDe from '../../mandants/_base/i18n/de.json';
import baseEn from '../../mandants/_base/i18n/en.json';
import { configureApi } from '../../runtime/api/api.ts';
import type { BootData } from '../../schemas/api.ts';
import type { EmpfehlungEintrag, Steuerhinweis } from '../../schemas/personalArea.ts';
import { renderInRuntime, sampleBootData } from './fixtures.tsx';

// § 22 Nr. 3 EStG on the dashboard: when the server says so, a note above the list with the rewards paid
// this year and the tax-free limit, both in the runtime's money format (a no-break space before the €).

const TAX = '/empfehler/steuerhinweis';

const PAID: EmpfehlungEintrag = {
  Empfehlungsnummer: '4710000005',
  Status: 'Gezahlt',
  Produkt: { Id: '613', Name: 'Internet M + TV' },
  Datum: '2025-11-20T09:45:00',
  Channel: 'email',
  Empfaenger: 'M*** M***',
  Praemierung: null,
  Verlauf: [],
  Naechster: null,
};

const NOTICE: Steuerhinweis = { Anzeigen: true, Jahr: 2026, SummeCent: 21_050, FreigrenzeCent: 25_600 };

type Answer = { status: number; data?: unknown };

/** The API client's transport: the list, no banner, and the tax notice as the test says; records calls. */
function answering(tax: Answer): string[] {
  const calls: string[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const path = (config.url ?? '').replace(/\/$/, '');
    calls.push(path);
    const answer: Answer =
      path === TAX
        ? tax
        : { status: 200, data: path === '/empfehler/empfehlungen' ? [PAID] : { Anzeigen: false } };
    const response = {
      data: answer.data ?? null,
      status: answer.status,
      statusText: '',
      headers: {},
      config,
    };
    if (answer.status >= 400) throw new AxiosError('failed', 'ERR_BAD_RESPONSE', config, {}, response);
    return { ...response, request: {} };
  };
  configureApi({ mandantId: 'demo', getLanguage: () => 'de', adapter });
  return calls;
}

function boot(language: 'de' | 'en'): BootData {
  const sample = sampleBootData();
  const texts = language === 'de' ? baseDe : baseEn;
  return {
    ...sample,
    language,
    // The dashboard links to these: without them RouteLink warns, and this test counts warnings.
    routes: {
      ...sample.routes,
      Routes: { ...sample.routes.Routes, RewardOverview: '/praemien', Settings: '/daten' },
    },
    languageContent: Object.entries(texts).map(([Key, Value]) => ({ Key, Value })),
  };
}

/** Renders the dashboard and waits until the list is there and the tax notice's answer has been handled. */
async function renderDashboard(tax: Answer, language: 'de' | 'en' = 'de'): Promise<string[]> {
  const calls = answering(tax);
  await act(async () => {
    renderInRuntime(<Dashboard />, { boot: boot(language), url: `/${language}` });
  });
  await screen.findByRole('heading', { level: 3, name: 'Internet M + TV' });
  await waitFor(() => expect(calls).toContain(TAX));
  // The answer settles in the next turns of the event loop: let them run before looking for the note.
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return calls;
}

afterEach(() => vi.restoreAllMocks());

describe('Dashboard: tax notice (§ 22 Nr. 3 EStG)', () => {
  it('shows the year, the sum paid and the limit, formatted, above the list', async () => {
    await renderDashboard({ status: 200, data: NOTICE });
    const note = screen.getByRole('note', { name: 'Steuerhinweis 2026' });
    expect(note.querySelector('p')?.textContent).toBe(
      'Ihnen wurden in diesem Jahr bereits 210,50\u00a0€ an Prämien ausgezahlt. Sonstige Einkünfte bis ' +
        'einschließlich 256,00\u00a0€ im Kalenderjahr sind steuerfrei (§ 22 Nr. 3 EStG); wird dieser Betrag ' +
        'überschritten, ist der gesamte Betrag steuerpflichtig. Bitte prüfen Sie, ob Sie die Prämien in ' +
        'Ihrer Steuererklärung angeben müssen.',
    );
    const card = screen.getByRole('heading', { level: 3, name: 'Internet M + TV' });
    expect(note.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('words it in English, with the same German money format', async () => {
    await renderDashboard({ status: 200, data: NOTICE }, 'en');
    const note = screen.getByRole('note', { name: 'Tax notice 2026' });
    expect(note.textContent).toContain('This year you have already been paid 210,50\u00a0€ in rewards.');
    expect(note.textContent).toContain('up to and including 256,00\u00a0€ per calendar year is tax-free');
  });

  it.each([
    ['the server says not to show it', { status: 200, data: { ...NOTICE, Anzeigen: false } }],
    ['it cannot be loaded', { status: 500, data: { code: 'PSOF0001', message: '' } }],
    ['the server does not know the call yet', { status: 404 }],
  ])('shows no notice, and no error, when %s', async (_case, tax) => {
    const logged = (['error', 'warn', 'info', 'log'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation(() => {}),
    );
    await renderDashboard(tax);
    expect(screen.queryByRole('note')).toBeNull();
    expect(document.body.textContent).not.toContain('210,50');
    expect(screen.queryByRole('alert')).toBeNull();
    // A hint that fails says nothing, least of all about the recommender's income.
    for (const spy of logged) expect(spy).not.toHaveBeenCalled();
  });
});
