import { act, screen, within } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { Dashboard } from '../../blocks/Dashboard/Dashboard.tsx';
import { endingEvent, timelineEvents } from '../../blocks/Dashboard/timeline.ts';
import baseDe from '../../mandants/_base/i18n/de.json';
import baseEn from '../../mandants/_base/i18n/en.json';
import { configureApi } from '../../runtime/api/api.ts';
import type { BootData } from '../../schemas/api.ts';
import type { EmpfehlungEintrag, VerlaufEintrag } from '../../schemas/personalArea.ts';
import { renderInRuntime, sampleBootData } from './fixtures.tsx';

// Issue 13: the recommender's timeline on the dashboard — what happened and when, oldest first, why a
// recommendation ended, and what comes next by when.

const at = (Art: VerlaufEintrag['Art'], Status: string, Grund: string, Zeit: string): VerlaufEintrag => ({
  Art,
  Status,
  Grund,
  Zeit,
});

const base = {
  Produkt: { Id: '601', Name: null },
  Channel: 'email',
  Empfaenger: 'M*** M***',
  Praemierung: null,
} as const;

const PAID: EmpfehlungEintrag = {
  ...base,
  Empfehlungsnummer: '4710000005',
  Status: 'Gezahlt',
  Produkt: { Id: '613', Name: 'Internet M + TV' },
  Datum: '2025-11-20T09:45:00',
  Verlauf: [
    at('Empfehlung', 'Offen', 'recommendation.created', '2025-11-20T09:45:00'),
    at('Empfehlung', 'Ok', 'recipient.confirmed', '2025-11-20T18:30:00'),
    at('Empfehlung', 'Ok', 'order.attributed', '2025-11-21T10:12:00'),
    at('Praemie', 'Offen', 'reward.created', '2025-11-21T10:12:00'),
    at('Empfehlung', 'Ok', 'contract.concluded', '2025-11-22T09:00:00'),
    at('Empfehlung', 'Freigegeben', 'order.released', '2025-11-30T06:00:00'),
    at('Praemie', 'Bereitgestellt', 'order.released', '2025-11-30T06:00:00'),
    at('Praemie', 'Ausgezahlt', 'payout.executed', '2025-12-15T07:30:00'),
    at('Empfehlung', 'Gezahlt', 'reward.fulfilled', '2025-12-15T07:30:00'),
  ],
  Naechster: null,
};

const CANCELLED: EmpfehlungEintrag = {
  ...base,
  Empfehlungsnummer: '4710000008',
  Status: 'Storniert',
  Produkt: { Id: '607', Name: 'Glasfaser M' },
  Datum: '2026-02-20T16:40:00',
  Verlauf: [
    at('Empfehlung', 'Offen', 'recommendation.created', '2026-02-20T16:40:00'),
    at('Empfehlung', 'Ok', 'recipient.confirmed', '2026-02-21T08:05:00'),
    at('Empfehlung', 'Storniert', 'order.other_channel', '2026-03-04T13:20:00'),
  ],
  Naechster: null,
};

const OPEN: EmpfehlungEintrag = {
  ...base,
  Empfehlungsnummer: '4710000001',
  Status: 'Offen',
  Produkt: { Id: '602', Name: 'Internet S' },
  Datum: '2026-03-18T10:15:00',
  Empfaenger: null,
  Verlauf: [at('Empfehlung', 'Offen', 'recommendation.created', '2026-03-18T10:15:00')],
  Naechster: { Schritt: 'recipient_data', Datum: '2026-05-17T10:15:00' },
};

/** Waits for the contract; a reason this build does not know yet (a newer server) is on the timeline. */
const WAITING: EmpfehlungEintrag = {
  ...base,
  Empfehlungsnummer: '4710000002',
  Status: 'Ok',
  Produkt: { Id: '603', Name: 'Internet L' },
  Datum: '2026-03-09T08:00:00',
  Verlauf: [
    at('Empfehlung', 'Offen', 'recommendation.created', '2026-03-09T08:00:00'),
    at('Empfehlung', 'Ok', 'recipient.moved', '2026-03-10T19:42:00'),
  ],
  Naechster: { Schritt: 'contract', Datum: null },
};

/** As a server from before the timeline sends it: neither Verlauf nor Naechster. */
const {
  Verlauf: _verlauf,
  Naechster: _naechster,
  ...OLD_SERVER
} = {
  ...base,
  Empfehlungsnummer: '4710000009',
  Status: 'Abgelaufen' as const,
  Produkt: { Id: '604', Name: 'Internet XL' },
  Datum: '2025-12-15T17:00:00',
  Verlauf: [],
  Naechster: null,
};

function boot(language: 'de' | 'en'): BootData {
  const sample = sampleBootData();
  const texts = language === 'de' ? baseDe : baseEn;
  return {
    ...sample,
    language,
    routes: {
      ...sample.routes,
      Routes: {
        ...sample.routes.Routes,
        Reward: '/praemie',
        RewardOverview: '/praemien',
        Settings: '/daten',
      },
    },
    languageContent: Object.entries(texts).map(([Key, Value]) => ({ Key, Value })),
  };
}

function answering(list: unknown): AxiosAdapter {
  return async (config: InternalAxiosRequestConfig) => {
    const path = (config.url ?? '').replace(/\/$/, '');
    const data = path === '/empfehler/empfehlungen' ? list : { Anzeigen: false };
    return { data, status: 200, statusText: '', headers: {}, config, request: {} };
  };
}

async function renderDashboard(list: unknown, language: 'de' | 'en' = 'de') {
  configureApi({ mandantId: 'demo', getLanguage: () => language, adapter: answering(list) });
  await act(async () => {
    renderInRuntime(<Dashboard />, { boot: boot(language), url: `/${language}` });
  });
}

/** The card (list item) of a recommendation, found by its product heading. */
async function card(product: string): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { level: 3, name: product });
  const item = heading.closest('li');
  if (!item) throw new Error(`no card for ${product}`);
  return item;
}

/** The timeline's entries as the recommender reads them, in document order. */
function timelineOf(item: HTMLElement): string[] {
  const list = item.querySelector('details ol');
  if (!list) throw new Error('no timeline');
  return within(list as HTMLElement)
    .getAllByRole('listitem', { hidden: true })
    .map((entry) => entry.textContent ?? '');
}

describe('timelineEvents', () => {
  it.each<[string, VerlaufEintrag[] | undefined, string[]]>([
    ['an older server sends no Verlauf: nothing to show', undefined, []],
    ['an empty Verlauf', [], []],
    [
      'one happening stored for the recommendation and its reward shows once',
      [
        at('Empfehlung', 'Freigegeben', 'order.released', '2026-03-02T06:00:00'),
        at('Praemie', 'Bereitgestellt', 'order.released', '2026-03-02T06:00:00'),
        at('Praemie', 'Ausgezahlt', 'payout.executed', '2026-03-20T06:00:00'),
      ],
      ['order.released', 'payout.executed'],
    ],
    [
      'the same reason twice on the recommendation (two orders) is two happenings',
      [
        at('Empfehlung', 'Ok', 'order.attributed', '2026-03-02T06:00:00'),
        at('Empfehlung', 'Ok', 'order.attributed', '2026-03-09T06:00:00'),
      ],
      ['order.attributed', 'order.attributed'],
    ],
    [
      'the order stays as the server sent it (oldest first)',
      [
        at('Empfehlung', 'Offen', 'recommendation.created', '2026-03-01T06:00:00'),
        at('Empfehlung', 'Abgelaufen', 'link.expired', '2026-04-30T06:00:00'),
      ],
      ['recommendation.created', 'link.expired'],
    ],
  ])('%s', (_case, verlauf, reasons) => {
    expect(timelineEvents(verlauf).map((event) => event.Grund)).toEqual(reasons);
  });
});

describe('endingEvent', () => {
  it.each<[string, Pick<EmpfehlungEintrag, 'Status'> & { Verlauf?: VerlaufEintrag[] }, string | null]>([
    ['Storniert: the event that cancelled it', CANCELLED, 'order.other_channel'],
    [
      'Storniert with the reward cancelled after it: still the recommendation’s own event',
      {
        Status: 'Storniert',
        Verlauf: [
          at('Empfehlung', 'Storniert', 'fraud.confirmed', '2026-03-02T06:00:00'),
          at('Praemie', 'Storniert', 'fraud.confirmed', '2026-03-02T06:00:00'),
        ],
      },
      'fraud.confirmed',
    ],
    [
      'Abgelaufen',
      {
        Status: 'Abgelaufen',
        Verlauf: [at('Empfehlung', 'Abgelaufen', 'data.expired', '2026-06-01T00:00:00')],
      },
      'data.expired',
    ],
    ['Gezahlt is an end, but not one that needs a reason', PAID, null],
    ['a running recommendation', OPEN, null],
    ['an older server without Verlauf', { Status: 'Storniert' }, null],
  ])('%s', (_case, entry, reason) => {
    expect(endingEvent(entry)?.Grund ?? null).toBe(reason);
  });
});

describe('the dashboard’s timeline', () => {
  it('lists every step of a paid recommendation with its date, oldest first, in an ordered list', async () => {
    await renderDashboard([PAID]);
    const item = await card('Internet M + TV');
    expect(item.querySelector('details ol')?.tagName).toBe('OL');
    expect(timelineOf(item)).toEqual([
      '20.11.2025 Empfehlung ausgesprochen',
      '20.11.2025 Ihr Kontakt hat seine Daten bestätigt',
      '21.11.2025 Auftrag eingegangen',
      '21.11.2025 Prämie vorgemerkt',
      '22.11.2025 Vertrag bestätigt – Widerrufsfrist läuft',
      '30.11.2025 Prämie freigegeben',
      '15.12.2025 Prämie ausgezahlt',
      '15.12.2025 Empfehlung abgeschlossen – vielen Dank!',
    ]);
    // The machine-readable moment stays the server's wire time.
    expect(item.querySelector('details time')?.getAttribute('datetime')).toBe('2025-11-20T09:45:00');
    // Collapsed until asked for, and named after its recommendation for screen readers.
    const details = item.querySelector('details');
    expect(details?.open).toBe(false);
    expect(details?.querySelector('summary')?.textContent).toBe('Verlauf der Empfehlung 4710000005');
    expect(item.textContent).not.toContain('Als Nächstes');
  });

  it('shows why a cancelled recommendation ended on the card itself, not only in the timeline', async () => {
    await renderDashboard([CANCELLED]);
    const item = await card('Glasfaser M');
    const reason = within(item).getByText(
      'Storniert: Auftrag über einen anderen Weg (z. B. Hotline) – am 04.03.2026',
    );
    expect(reason.closest('details')).toBeNull();
    expect(timelineOf(item).at(-1)).toBe(
      '04.03.2026 Storniert: Auftrag über einen anderen Weg (z. B. Hotline)',
    );
  });

  it('says what comes next, with its date when the server has one', async () => {
    await renderDashboard([OPEN, WAITING]);
    const open = await card('Internet S');
    const next = within(open).getByText(
      'Als Nächstes: Ihr Kontakt folgt Ihrem Link und bestätigt seine Daten – möglich bis 17.05.2026',
    );
    expect(next.closest('details')).toBeNull();
    const waiting = await card('Internet L');
    expect(within(waiting).getByText('Als Nächstes: Der Vertrag Ihres Kontakts wird bestätigt')).toBeTruthy();
    // An unknown reason code is worded by the status it led to, never shown raw.
    expect(timelineOf(waiting)).toEqual([
      '09.03.2026 Empfehlung ausgesprochen',
      '10.03.2026 Neuer Stand: Ok',
    ]);
  });

  it('still renders entries of a server without Verlauf and Naechster', async () => {
    await renderDashboard([OLD_SERVER]);
    const item = await card('Internet XL');
    expect(item.textContent).toContain('Abgelaufen');
    expect(item.querySelector('details')).toBeNull();
    expect(item.textContent).not.toContain('Als Nächstes');
  });

  it('words timeline and next step in English', async () => {
    await renderDashboard([OPEN, CANCELLED], 'en');
    const open = await card('Internet S');
    expect(
      within(open).getByText(
        'Next: your contact follows your link and confirms their details – possible until 17.05.2026',
      ),
    ).toBeTruthy();
    const cancelled = await card('Glasfaser M');
    expect(
      within(cancelled).getByText('Cancelled: ordered another way (e.g. via the hotline) – on 04.03.2026'),
    ).toBeTruthy();
    expect(timelineOf(cancelled)[0]).toBe('20.02.2026 Recommendation made');
  });
});
