import { act, fireEvent, screen, within } from '@testing-library/react';
import { type AxiosAdapter, AxiosError } from 'axios';
import { describe, expect, it } from 'vitest';
import { MyData } from '../../blocks/MyData/MyData.tsx';
import baseDe from '../../mandants/_base/i18n/de.json';
import baseEn from '../../mandants/_base/i18n/en.json';
import { configureApi } from '../../runtime/api/api.ts';
import { type SessionUser, userAtom, userTokenAtom } from '../../runtime/session/sessionAtoms.ts';
import type { BootData } from '../../schemas/api.ts';
import type { BenachrichtigungEinstellung } from '../../schemas/personalArea.ts';
import { renderInRuntime, sampleBootData } from './fixtures.tsx';

// Issue 13: the optional notification mails in My data — one checkbox each, saved as soon as it changes.

const USER: SessionUser = {
  Email: 'anna@example.org',
  Anrede: 'Frau',
  Vorname: 'Anna',
  Nachname: 'Beispiel',
  Empfehlerhash: 'h',
  NewsletterOptinGegeben: false,
  NewsletterOptinVersendetAm: null,
  Language: 'de',
};

const PATH = '/empfehler/benachrichtigungen';
const CONFIRMED_DE = 'E-Mail, wenn Ihr Kontakt seine Daten bestätigt hat';
const ORDER_DE = 'E-Mail, wenn ein Auftrag eingegangen ist';

/** `until`: the answer waits for it (a save still on its way). */
type Answer = { status: number; data?: unknown; until?: Promise<void> };
interface Sent {
  call: string;
  body: unknown;
}

/** The API client's transport: answers by `METHOD /path`, records each call with its JSON body. */
function answering(answers: Record<string, Answer>): Sent[] {
  const sent: Sent[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const call = `${(config.method ?? 'get').toUpperCase()} ${(config.url ?? '').replace(/\/$/, '')}`;
    sent.push({ call, body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data });
    const answer = answers[call] ?? { status: 404 };
    await answer.until;
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
  return sent;
}

function boot(language: 'de' | 'en'): BootData {
  const texts = language === 'de' ? baseDe : baseEn;
  return {
    ...sampleBootData(),
    language,
    languageContent: Object.entries(texts).map(([Key, Value]) => ({ Key, Value })),
  };
}

async function renderMyData(language: 'de' | 'en' = 'de') {
  await act(async () => {
    renderInRuntime(<MyData />, {
      boot: boot(language),
      url: `/${language}`,
      prepare: (store) => {
        store.set(userAtom, USER);
        store.set(userTokenAtom, 'session-token');
      },
    });
  });
}

/** The section by its heading, once its settings have loaded. */
async function notifications(name = 'Benachrichtigungen'): Promise<HTMLElement> {
  const section = await screen.findByRole('region', { name });
  await within(section).findAllByRole('checkbox');
  return section;
}

const box = (section: HTMLElement, name: string) =>
  within(section).getByRole('checkbox', { name }) as HTMLInputElement;

const settings = (friendConfirmed: boolean, orderReceived: boolean): BenachrichtigungEinstellung[] => [
  { Art: 'friendConfirmed', Aktiv: friendConfirmed },
  { Art: 'orderReceived', Aktiv: orderReceived },
];

describe('MyData: notification settings', () => {
  it.each([
    [true, false],
    [false, true],
  ])(
    'shows each box as the server stored it (friendConfirmed %s, orderReceived %s)',
    async (confirmed, order) => {
      answering({ [`GET ${PATH}`]: { status: 200, data: settings(confirmed, order) } });
      await renderMyData();
      const section = await notifications();
      expect(box(section, CONFIRMED_DE).checked).toBe(confirmed);
      expect(box(section, ORDER_DE).checked).toBe(order);
      expect(section.textContent).toContain(
        'E-Mails zu Ihrer Prämie (bereit, ausgezahlt, storniert) erhalten Sie immer.',
      );
    },
  );

  it('shows only the kinds it knows, in a fixed order, whatever the server adds or reorders', async () => {
    answering({
      [`GET ${PATH}`]: {
        status: 200,
        data: [
          { Art: 'orderReceived', Aktiv: true },
          { Art: 'newsletterDigest', Aktiv: true },
          ...settings(false, false),
        ],
      },
    });
    await renderMyData();
    const section = await notifications();
    const labels = within(section)
      .getAllByRole('checkbox')
      .map((input) => (input as HTMLInputElement).labels?.[0]?.textContent);
    expect(labels).toEqual([CONFIRMED_DE, ORDER_DE]);
    // The first entry of a kind counts.
    expect(box(section, ORDER_DE).checked).toBe(true);
  });

  it.each([
    [ORDER_DE, { Art: 'orderReceived', Aktiv: true }],
    [CONFIRMED_DE, { Art: 'friendConfirmed', Aktiv: false }],
  ])('saves a change at once (%s → PUT %o) and says so politely', async (label, body) => {
    const stored = settings(body.Art !== 'friendConfirmed', body.Art === 'orderReceived');
    const sent = answering({
      [`GET ${PATH}`]: { status: 200, data: settings(true, false) },
      [`PUT ${PATH}`]: { status: 200, data: stored },
    });
    await renderMyData();
    const section = await notifications();
    expect(within(section).queryByText('Gespeichert')).toBeNull();
    await act(async () => fireEvent.click(box(section, label)));
    const saved = await within(section).findByText('Gespeichert');
    expect(saved.parentElement?.getAttribute('aria-live')).toBe('polite');
    expect(sent.filter(({ call }) => call === `PUT ${PATH}`)).toEqual([{ call: `PUT ${PATH}`, body }]);
    expect(box(section, label).checked).toBe(body.Aktiv);
    expect(within(section).queryByRole('alert')).toBeNull();
  });

  it('shows what the server stored after a save, not only what was clicked', async () => {
    answering({
      [`GET ${PATH}`]: { status: 200, data: settings(true, false) },
      // Another tab turned the first one off meanwhile: the answer is the whole list as stored now.
      [`PUT ${PATH}`]: { status: 200, data: settings(false, true) },
    });
    await renderMyData();
    const section = await notifications();
    await act(async () => fireEvent.click(box(section, ORDER_DE)));
    await within(section).findByText('Gespeichert');
    expect(box(section, CONFIRMED_DE).checked).toBe(false);
    expect(box(section, ORDER_DE).checked).toBe(true);
  });

  it('sends one save at a time: a click while one is on its way is not sent and changes nothing', async () => {
    let answer = () => {};
    const until = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const sent = answering({
      [`GET ${PATH}`]: { status: 200, data: settings(true, false) },
      [`PUT ${PATH}`]: { status: 200, data: settings(true, true), until },
    });
    await renderMyData();
    const section = await notifications();
    await act(async () => fireEvent.click(box(section, ORDER_DE)));
    await act(async () => fireEvent.click(box(section, CONFIRMED_DE)));
    expect(box(section, CONFIRMED_DE).checked).toBe(true);
    await act(async () => answer());
    await within(section).findByText('Gespeichert');
    expect(sent.filter(({ call }) => call === `PUT ${PATH}`).map(({ body }) => body)).toEqual([
      { Art: 'orderReceived', Aktiv: true },
    ]);
  });

  it('a failed save shows the catalogue’s error, puts the box back and does not claim it saved', async () => {
    answering({
      [`GET ${PATH}`]: { status: 200, data: settings(true, false) },
      [`PUT ${PATH}`]: { status: 500, data: { code: 'PSOF0001', message: '' } },
    });
    await renderMyData();
    const section = await notifications();
    await act(async () => fireEvent.click(box(section, CONFIRMED_DE)));
    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toContain('Es ist ein technischer Fehler aufgetreten.');
    expect(box(section, CONFIRMED_DE).checked).toBe(true);
    expect(within(section).queryByText('Gespeichert')).toBeNull();
  });

  it('a failed load shows the error and no boxes', async () => {
    answering({ [`GET ${PATH}`]: { status: 500, data: { code: 'PSOF0001', message: '' } } });
    await renderMyData();
    const section = await screen.findByRole('region', { name: 'Benachrichtigungen' });
    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toContain('Es ist ein technischer Fehler aufgetreten.');
    expect(within(section).queryAllByRole('checkbox')).toEqual([]);
  });

  it('words the section in English', async () => {
    answering({ [`GET ${PATH}`]: { status: 200, data: settings(true, false) } });
    await renderMyData('en');
    const section = await notifications('Notifications');
    expect(box(section, 'E-mail when your contact has confirmed their details').checked).toBe(true);
    expect(box(section, 'E-mail when an order has been received').checked).toBe(false);
    expect(section.textContent).toContain(
      'You always receive e-mails about your reward (ready, paid out, cancelled).',
    );
  });
});
