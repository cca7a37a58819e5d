import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type AxiosAdapter, AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { RecommendationShare } from '../../blocks/RecommendationShare/RecommendationShare.tsx';
import { linkFor, shareMessage } from '../../blocks/RecommendationShare/shareMessage.ts';
import { ThanksSteps } from '../../blocks/ThanksSteps/ThanksSteps.tsx';
import baseTexts from '../../mandants/_base/i18n/de.json';
import { configureApi } from '../../runtime/api/api.ts';
import { loadErrorMessages } from '../../runtime/i18n/loadErrorMessages.ts';
import { rememberRecommendation } from '../../runtime/recommend/recommendationStorage.ts';
import { RouteContext } from '../../runtime/router/RouteContext.ts';
import type { BootData } from '../../schemas/api.ts';
import type { RecommendationView } from '../../schemas/recommendFormApi.ts';
import { renderInRuntime, sampleBootData, sampleMandant } from './fixtures.tsx';

const texts = Object.entries(baseTexts).map(([Key, Value]) => ({ Key, Value }));
const NR = '0123456789';
const VIEW: RecommendationView = {
  Empfehlungsnummer: NR,
  Art: 'standard',
  Status: 'Offen',
  Produkt: { Id: '601', Name: 'NetzPlus Internet S', Quelle: 'festnetz' },
  Praemie: { WertCent: 7000, EmpfehlerCent: 3500, EmpfaengerCent: 3500 },
  AnteilEmpfehler: 50,
  EmpfehlerVorname: 'Erika',
  GueltigBis: '2030-03-01T12:00:00',
  Abgelaufen: false,
  OptinAusstehend: false,
  Empfehlungslink: `http://telko.localhost/empfehlen/click/${NR}`,
  KurzURL: `http://telko.localhost/e/${NR}`,
  LinkTyp: 'Empfehlungslink',
  Channel: null,
};

const CHANNELS = {
  ModuleEmailClient: 1,
  ModuleWhatsapp: 2,
  ModuleGmail: 3,
  ModuleOutlook: 4,
  ModuleFacebook: 5,
  FacebookId: '100000000000001',
  ModuleTwitter: 6,
  ModuleLinkedIn: -1,
  ModuleXing: -1,
  ModuleYahoo: -1,
};

interface Call {
  method: string;
  url: string;
  data: unknown;
  headers: Record<string, unknown>;
}

function fakeApi(view: RecommendationView | { status: number; code: string }) {
  const calls: Call[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = (config.url ?? '').replace(/\/$/, '');
    const method = (config.method ?? 'get').toUpperCase();
    calls.push({
      method,
      url,
      data: config.data ? JSON.parse(String(config.data)) : undefined,
      headers: { ...config.headers },
    });
    const failure = 'code' in view ? view : undefined;
    const result = failure
      ? { status: failure.status, data: { code: failure.code, message: '' } }
      : { status: 200, data: view };
    const response = {
      data: result.data,
      status: result.status,
      statusText: '',
      headers: {},
      config,
      request: {},
    };
    if (result.status < 400) return response;
    throw new AxiosError('failed', 'ERR_BAD_RESPONSE', config, {}, response);
  };
  return { adapter, calls };
}

function boot(channels: Record<string, unknown> = {}): BootData {
  const sample = sampleBootData();
  return {
    ...sample,
    mandant: { ...sampleMandant(), ...CHANNELS, ...channels } as BootData['mandant'],
    routes: {
      ...sample.routes,
      Routes: { ...sample.routes.Routes, RecommendationShare: '/empfehlung/:empfehlungsnummer/teilen' },
    },
    languageContent: texts,
  };
}

async function renderShare(
  api: ReturnType<typeof fakeApi>,
  ui = <RecommendationShare />,
  url = `/de/empfehlung/${NR}/teilen`,
  channels: Record<string, unknown> = {},
) {
  const runtime: { i18n?: Parameters<typeof loadErrorMessages>[0] } = {};
  configureApi({
    mandantId: 'telko',
    getLanguage: () => 'de',
    adapter: api.adapter,
    onFirstUse: () => Promise.resolve().then(() => runtime.i18n && loadErrorMessages(runtime.i18n)),
  });
  await act(async () => {
    const rendered = renderInRuntime(
      <RouteContext.Provider value={{ name: 'RecommendationShare', params: { empfehlungsnummer: NR } }}>
        {ui}
      </RouteContext.Provider>,
      { boot: boot(channels), url },
    );
    runtime.i18n = rendered.i18n;
  });
}

describe('share message (the recommender sends it; the server never mails the friend)', () => {
  const t = (key: string, options?: Record<string, unknown>) =>
    String((baseTexts as Record<string, string>)[key]).replace(/\{\{(\w+)\}\}/g, (_m, name: string) =>
      String(options?.[name]),
    );

  it('names product, programme and the friend’s part of the reward', () => {
    const message = shareMessage(t as never, VIEW, 'LINK', {
      mandantName: 'NetzPlus',
      formatMoney: (c) => `${c / 100} €`,
    });
    expect(message).toEqual({
      subject: 'Meine Empfehlung: NetzPlus Internet S',
      text: 'Hallo, ich bin bei NetzPlus und empfehle dir gern „NetzPlus Internet S“. Über meinen persönlichen Link kommst du direkt zum Angebot. Als Dankeschön gibt es 35 € für dich.',
      link: 'LINK',
    });
  });

  it('shares the short link or the recommendation link with its channel', () => {
    expect(linkFor(VIEW, 'KurzURL', 'whatsapp')).toBe(VIEW.KurzURL);
    expect(linkFor(VIEW, 'Empfehlungslink', 'whatsapp')).toBe(`${VIEW.Empfehlungslink}?channel=whatsapp`);
  });
});

describe('RecommendationShare', () => {
  it('lists the enabled channels in the mandant’s rank order, with working targets', async () => {
    await renderShare(fakeApi(VIEW));
    const list = await screen.findByRole('list', { name: 'Teilen per …' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent?.replace(/\s*\(öffnet.*\)$/, ''))).toEqual([
      'E-Mail-Programm',
      'WhatsApp',
      'Gmail',
      'Outlook.com',
      'Facebook',
      'X (Twitter)',
    ]);
    expect(links[0]?.getAttribute('href')).toMatch(/^mailto:\?subject=Meine%20Empfehlung/);
    expect(links[0]?.getAttribute('target')).toBeNull();
    const whatsapp = new URL(links[1]?.getAttribute('href') ?? '');
    expect(whatsapp.searchParams.get('text')).toContain(`${VIEW.Empfehlungslink}?channel=whatsapp`);
    expect(links[1]?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows product, split reward, validity, the link to copy and the QR code', async () => {
    await renderShare(fakeApi(VIEW));
    expect(await screen.findByText('Empfohlen: NetzPlus Internet S')).toBeTruthy();
    expect(screen.getByText(/Ihre Prämie: 35,00 €, für die empfohlene Person: 35,00 €/)).toBeTruthy();
    expect(screen.getByText('Der Link ist gültig bis 01.03.2030.')).toBeTruthy();
    const field = screen.getByLabelText('Ihr Link') as HTMLInputElement;
    expect(field.value).toBe(`${VIEW.Empfehlungslink}?channel=copy`);
    fireEvent.click(screen.getByLabelText('Kurzlink'));
    expect(field.value).toBe(VIEW.KurzURL);
    const qr = screen.getByRole('img', { name: 'QR-Code Ihres Empfehlungslinks' });
    expect(qr.getAttribute('src')).toBe(`/api/v1/demo/empfehlung/${NR}/qr.svg`);
  });

  it('ranks copying the link like the other channels: after the list at a higher rank, gone at -1 (issue 18)', async () => {
    await renderShare(fakeApi(VIEW), undefined, undefined, { ModuleCopyLink: 9 });
    const list = await screen.findByRole('list', { name: 'Teilen per …' });
    const button = screen.getByRole('button', { name: 'Link kopieren' });
    expect(list.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    cleanup();
    await renderShare(fakeApi(VIEW), undefined, undefined, { ModuleCopyLink: -1 });
    await screen.findByRole('list', { name: 'Teilen per …' });
    expect(screen.queryByRole('button', { name: 'Link kopieren' })).toBeNull();
    expect(screen.queryByLabelText('Ihr Link')).toBeNull();
  });

  it('says so when copying is not possible (no clipboard)', async () => {
    await renderShare(fakeApi(VIEW));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Link kopieren' })));
    expect(screen.getByRole('status').textContent).toBe(
      'Das Kopieren hat nicht geklappt. Bitte markieren Sie den Link und kopieren Sie ihn selbst.',
    );
  });

  it('records the channel for its owner (token from this tab) and shows the offline code', async () => {
    rememberRecommendation({
      ...VIEW,
      Empfehlungsnummer: NR,
      Code: 'ABCD2345',
      Verwaltungstoken: 'owner-token',
    });
    const api = fakeApi({ ...VIEW, Code: 'ABCD2345', Verwaltungstoken: 'owner-token' });
    await renderShare(api);
    expect(await screen.findByText('ABCD2345')).toBeTruthy();
    const fetched = api.calls.find((call) => call.method === 'GET');
    expect(fetched?.headers['X-Empfehlung-Token']).toBe('owner-token');
    await act(async () => fireEvent.click(screen.getByRole('link', { name: /WhatsApp/ })));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(put).toMatchObject({
      url: `/empfehlung/${NR}`,
      data: { Channel: 'whatsapp', Empfehlungslink: true },
    });
    sessionStorage.clear();
  });

  it.each([
    [
      { ...VIEW, OptinAusstehend: true },
      'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse, bevor Sie eine Empfehlung versenden.',
    ],
    [{ ...VIEW, Abgelaufen: true }, 'Diese Empfehlung ist leider nicht mehr möglich'],
  ])('offers no links for a pending or expired recommendation', async (view, message) => {
    await renderShare(fakeApi(view));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByRole('list', { name: 'Teilen per …' })).toBeNull();
  });

  it('announces an unknown number', async () => {
    await renderShare(fakeApi({ status: 404, code: 'PSOF0330' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Diese Empfehlung gibt es nicht. Bitte prüfen Sie den Link.',
    );
  });
});

describe('ThanksSteps (SPEC 2: thanks page after an offline recommendation)', () => {
  it('shows the four steps in order and the code made in this tab', async () => {
    rememberRecommendation({ ...VIEW, Art: 'offline', Code: 'WXYZ6789', Verwaltungstoken: 't' });
    await renderShare(fakeApi(VIEW), <ThanksSteps />, `/de/danke?empfehlung=${NR}`);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Vielen Dank für Ihre Empfehlung!');
    expect(screen.getByText('WXYZ6789')).toBeTruthy();
    const steps = within(screen.getByRole('list', { name: 'So geht es weiter' })).getAllByRole('heading', {
      level: 3,
    });
    expect(steps.map((step) => step.textContent)).toEqual([
      'Neukundenvertrag abgeschlossen',
      'Daten bestätigt',
      'Auftrag bestätigt',
      'Prämie erhalten',
    ]);
    sessionStorage.clear();
  });
});
