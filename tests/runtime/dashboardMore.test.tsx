import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { Dashboard } from '../../blocks/Dashboard/Dashboard.tsx';
import baseDe from '../../mandants/_base/i18n/de.json';
import baseEn from '../../mandants/_base/i18n/en.json';
import { configureApi } from '../../runtime/api/api.ts';
import type { BootData } from '../../schemas/api.ts';
import type { EmpfehlungEintrag } from '../../schemas/personalArea.ts';
import { renderInRuntime, sampleBootData } from './fixtures.tsx';

// Issue 17: the dashboard shows the newest page of recommendations and the rest behind "more".

function entry(nr: string, product: string): EmpfehlungEintrag {
  return {
    Empfehlungsnummer: nr,
    Status: 'Offen',
    Produkt: { Id: '601', Name: product },
    Datum: '2026-03-18T10:15:00',
    Channel: 'email',
    Empfaenger: null,
    Praemierung: null,
    Verlauf: [],
    Naechster: null,
  };
}

function boot(language: 'de' | 'en'): BootData {
  const sample = sampleBootData();
  const texts = language === 'de' ? baseDe : baseEn;
  return {
    ...sample,
    language,
    routes: {
      ...sample.routes,
      Routes: { ...sample.routes.Routes, RewardOverview: '/praemien', Settings: '/daten' },
    },
    languageContent: Object.entries(texts).map(([Key, Value]) => ({ Key, Value })),
  };
}

interface Answer {
  entries: EmpfehlungEintrag[];
  next?: string;
  fail?: boolean;
}

/** Answers the list by the cursor asked for (none: the first page) and records each list request's params. */
function paging(pages: Record<string, Answer | Answer[]>, asked: Record<string, string>[]): AxiosAdapter {
  return async (config: InternalAxiosRequestConfig) => {
    const path = (config.url ?? '').replace(/\/$/, '');
    if (path !== '/empfehler/empfehlungen') {
      return { data: { Anzeigen: false }, status: 200, statusText: '', headers: {}, config, request: {} };
    }
    const params = { ...(config.params as Record<string, string>) };
    asked.push(params);
    const planned = pages[params.Cursor ?? ''];
    const answer = Array.isArray(planned) ? planned.shift() : planned;
    if (!answer || answer.fail) {
      const error = Object.assign(new Error('status 503'), {
        isAxiosError: true,
        response: { status: 503, data: { code: 'PSOF0003', message: '' }, headers: {}, config },
        config,
      });
      throw error;
    }
    return {
      data: answer.entries,
      status: 200,
      statusText: '',
      headers: answer.next ? { 'x-next-cursor': answer.next } : {},
      config,
      request: {},
    };
  };
}

async function renderDashboard(adapter: AxiosAdapter, language: 'de' | 'en' = 'de') {
  configureApi({ mandantId: 'demo', getLanguage: () => language, adapter });
  await act(async () => {
    renderInRuntime(<Dashboard />, { boot: boot(language), url: `/${language}` });
  });
}

const products = () => screen.queryAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

describe('the dashboard’s "more" button', () => {
  it('loads the next page behind the cursor, appends it, moves the focus to it and announces it', async () => {
    const asked: Record<string, string>[] = [];
    await renderDashboard(
      paging(
        {
          '': { entries: [entry('1', 'Erste'), entry('2', 'Zweite')], next: 'c1' },
          c1: { entries: [entry('3', 'Dritte'), entry('4', 'Vierte')], next: 'c2' },
          c2: { entries: [entry('5', 'Fünfte')] },
        },
        asked,
      ),
    );
    await screen.findByRole('heading', { level: 3, name: 'Zweite' });
    expect(asked).toEqual([{ Pagesize: '20' }]);
    expect(products()).toEqual(['Erste', 'Zweite']);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Weitere Empfehlungen laden' }));
    });
    await screen.findByRole('heading', { level: 3, name: 'Vierte' });
    expect(asked.at(-1)).toEqual({ Pagesize: '20', Cursor: 'c1' });
    expect(products()).toEqual(['Erste', 'Zweite', 'Dritte', 'Vierte']);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Dritte' })));
    expect(screen.getByRole('status').textContent).toBe('2 weitere Empfehlungen geladen.');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Weitere Empfehlungen laden' }));
    });
    await screen.findByRole('heading', { level: 3, name: 'Fünfte' });
    expect(asked.at(-1)).toEqual({ Pagesize: '20', Cursor: 'c2' });
    expect(screen.getByRole('status').textContent).toBe('1 weitere Empfehlung geladen.');
    // The last page: no button any more, the focus on its first card, not lost with the button.
    expect(screen.queryByRole('button', { name: 'Weitere Empfehlungen laden' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Fünfte' })));
  });

  it('shows no button when the server sends no cursor (the last page, or a server without paging)', async () => {
    await renderDashboard(paging({ '': { entries: [entry('1', 'Einzige')] } }, []));
    await screen.findByRole('heading', { level: 3, name: 'Einzige' });
    expect(screen.queryByRole('button', { name: 'Weitere Empfehlungen laden' })).toBeNull();
  });

  it('keeps the list and the button when the next page fails, and loads it on the next try (English)', async () => {
    const asked: Record<string, string>[] = [];
    await renderDashboard(
      paging(
        {
          '': { entries: [entry('1', 'First')], next: 'c1' },
          c1: [{ entries: [], fail: true }, { entries: [entry('2', 'Second')] }],
        },
        asked,
      ),
      'en',
    );
    await screen.findByRole('heading', { level: 3, name: 'First' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Load more recommendations' }));
    });
    expect((await screen.findByRole('alert')).textContent).not.toBe('');
    expect(products()).toEqual(['First']);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Load more recommendations' }));
    });
    await screen.findByRole('heading', { level: 3, name: 'Second' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('1 more recommendation loaded.');
    expect(asked.map((params) => params.Cursor)).toEqual([undefined, 'c1', 'c1']);
  });
});
