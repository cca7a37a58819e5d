import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type AxiosAdapter, AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentList } from '../../blocks/AgentList/AgentList.tsx';
import { ProductCategory } from '../../blocks/ProductCategory/ProductCategory.tsx';
import { ProductOverview } from '../../blocks/ProductOverview/ProductOverview.tsx';
import baseTexts from '../../mandants/_base/i18n/de.json';
import festnetzFile from '../../mandants/telko/products/festnetz.json';
import telkoCategories from '../../mandants/telko/products/kategorien.json';
import mobilfunkFile from '../../mandants/telko/products/mobilfunk.json';
import { configureApi } from '../../runtime/api/api.ts';
import { loadErrorMessages } from '../../runtime/i18n/loadErrorMessages.ts';
import {
  breadcrumbTrail,
  findCategory,
  isDevicePage,
  rewardLabel,
  selectionTarget,
  tariffsOf,
} from '../../runtime/products/categoryView.ts';
import { fetchProducts } from '../../runtime/products/productApi.ts';
import { productImageUrl } from '../../runtime/products/productUrls.ts';
import type { BootData } from '../../schemas/api.ts';
import type {
  AgentSearchResult,
  FestnetzProdukt,
  MobilfunkAngebot,
  Praemie,
  Produktkategorie,
} from '../../schemas/products.ts';
import { renderInRuntime, sampleBootData, sampleMandant } from './fixtures.tsx';

const categories = telkoCategories.kategorien as Produktkategorie[];
const festnetz = festnetzFile.festnetz as FestnetzProdukt[];
const offers = mobilfunkFile.mobilfunk as MobilfunkAngebot[];
const category = (pfad: string) => findCategory(categories, pfad) as Produktkategorie;

describe('category pages, pure decisions (SPEC 2, product category pages)', () => {
  it('finds the category of a path case-insensitively', () => {
    expect(findCategory(categories, 'Internet/Hybrid')?.Id).toBe(2);
    expect(findCategory(categories, 'raumfahrt')).toBeUndefined();
  });

  it.each([
    ['internet', [{ label: 'Internet' }]],
    ['internet/hybrid', [{ label: 'Internet', pfad: 'internet' }, { label: 'Hybrid' }]],
    ['fernsehen/satellit.html', [{ label: 'Fernsehen', pfad: 'fernsehen' }, { label: 'Satellit' }]],
    // No category is called just "Mobilfunk": that crumb is text, not a link.
    ['smartphones.html', [{ label: 'Mobilfunk' }, { label: 'Smartphones' }]],
  ])('breadcrumb of %s', (pfad, trail) => {
    expect(breadcrumbTrail(categories, category(pfad))).toEqual(trail);
  });

  it.each([
    ['smartphone-tarife.html', 'smartphones.html'],
    ['prepaid-tarife.html', 'smartphones.html'],
    ['daten-tarife.html', 'tablets.html'],
    ['combi-cards.html', 'tablets.html'],
    ['internet', undefined],
    ['smartphones.html', undefined],
  ])('the select button of %s leads to %s', (pfad, target) => {
    expect(selectionTarget(categories, category(pfad))?.Pfad).toBe(target);
  });

  it('device pages are the mobile pages that recommend directly', () => {
    expect(isDevicePage(category('smartphones.html'))).toBe(true);
    expect(isDevicePage(category('surfsticks.html'))).toBe(true);
    expect(isDevicePage(category('smartphone-tarife.html'))).toBe(false);
    expect(isDevicePage(category('internet'))).toBe(false);
  });

  it('a tariff page lists each tariff once, with how many devices come with it', () => {
    const tariffs = tariffsOf(offers.filter((offer) => offer.Tarifart === 'vertrag'));
    expect(tariffs.map((tariff) => [tariff.TarifId, tariff.devices])).toEqual([
      [302, 5],
      [303, 5],
      [304, 2],
      [301, 3],
    ]);
    expect(tariffs[0]).toMatchObject({ TarifAnzeigeName: 'NetzPlus Mobil M', PreisTarif: 2995 });
    expect(tariffs[0]?.beschreibung).toBe('30 GB Datenvolumen mit 5G, Telefon- und SMS-Flatrate');
  });

  describe('reward label (SPEC 4: one active value, or the highest as a maximum)', () => {
    const now = '2025-06-15T12:00:00';
    const reward = (id: number, cents: number, start = '2025-01-01T00:00:00'): Praemie => ({
      Id: id,
      Titel: 'Prämie',
      Startdatum: start,
      Enddatum: null,
      EnddatumAnzeige: null,
      WertCent: cents,
      Wert: '',
    });
    it.each<[string, Praemie[], ReturnType<typeof rewardLabel>]>([
      ['one reward', [reward(1, 7000)], { kind: 'fixed', cents: 7000 }],
      ['two values', [reward(1, 7000), reward(2, 9000)], { kind: 'upTo', cents: 9000 }],
      [
        'a future reward does not count',
        [reward(1, 7000), reward(2, 9000, '2025-07-01T00:00:00')],
        { kind: 'fixed', cents: 7000 },
      ],
      ['none active', [reward(2, 9000, '2025-07-01T00:00:00')], null],
    ])('%s', (_case, rewards, expected) => {
      expect(rewardLabel(rewards, now)).toEqual(expected);
    });

    it('the demo product 602 carries the expired 2020 multi-reward: only its 70 € counts', () => {
      const product = festnetz.find((p) => p.Id === 602) as FestnetzProdukt;
      expect(product.Praemien).toHaveLength(2);
      expect(rewardLabel(product.Praemien, now)).toEqual({ kind: 'fixed', cents: 7000 });
    });
  });
});

// --- blocks over a fake product API ------------------------------------------------------------------------

interface Recorded {
  url: string;
  baseURL: string;
  params: Record<string, unknown>;
}

type Answer = { status: number; data?: unknown } | ((params: Record<string, unknown>) => unknown);

/** The product API as the blocks see it: answers by path, records every call with its parameters. */
function fakeProductApi(answers: Record<string, Answer>) {
  const calls: Recorded[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const path = (config.url ?? '').replace(/\/$/, '');
    const params = (config.params ?? {}) as Record<string, unknown>;
    calls.push({ url: path, baseURL: config.baseURL ?? '', params });
    const answer = answers[path];
    const result =
      typeof answer === 'function' ? { status: 200, data: answer(params) } : (answer ?? { status: 404 });
    const response = {
      data: result.data ?? null,
      status: result.status,
      statusText: '',
      headers: {},
      config,
      request: {},
    };
    if (result.status < 400) return response;
    throw new AxiosError(`status ${result.status}`, 'ERR_BAD_RESPONSE', config, {}, response);
  };
  return { adapter, calls };
}

const texts = Object.entries(baseTexts).map(([Key, Value]) => ({ Key, Value }));

function boot(mandant: Partial<BootData['mandant']> = {}): BootData {
  const sample = sampleBootData();
  return {
    ...sample,
    mandant: { ...sampleMandant(), ShowProductCategory: true, apiRoute: '', ...mandant },
    additionalRoutes: categories.map((c) => ({ Route: `/${c.Pfad}`, RouteName: 'ProductCategory' })),
    languageContent: texts,
  };
}

/**
 * Renders a block in the runtime over the fake API. The API is configured first (a block's first call
 * happens during its first render); the error texts load once the runtime's i18n exists.
 */
async function renderBlock(
  ui: React.ReactNode,
  api: { adapter: AxiosAdapter },
  url: string,
  bootData = boot(),
): Promise<ReturnType<typeof renderInRuntime>> {
  const runtime: { i18n?: Parameters<typeof loadErrorMessages>[0] } = {};
  configureApi({
    mandantId: 'demo',
    getLanguage: () => 'de',
    adapter: api.adapter,
    onFirstUse: () => Promise.resolve().then(() => runtime.i18n && loadErrorMessages(runtime.i18n)),
  });
  let rendered: ReturnType<typeof renderInRuntime> | undefined;
  // A block that suspends on its data must render inside an awaited act (React 19).
  await act(async () => {
    rendered = renderInRuntime(<Suspense fallback={<p>lädt …</p>}>{ui}</Suspense>, { boot: bootData, url });
    runtime.i18n = rendered.i18n;
  });
  return rendered as ReturnType<typeof renderInRuntime>;
}

const festnetzOf = (gruppe: string) =>
  festnetz.filter((p) => p.Gruppe === gruppe || p.Gruppe.startsWith(`${gruppe}-`));

describe('ProductCategory block', () => {
  afterEach(cleanup);

  it('shows the category of the page path: breadcrumb, h1, subtitle, cards and their select buttons', async () => {
    const api = fakeProductApi({
      '/produktkategorie': { status: 200, data: categories },
      '/produkt': () => festnetzOf('internet'),
    });
    await renderBlock(<ProductCategory />, api, '/de/internet');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Internet & Festnetz' });
    expect(heading?.getAttribute('lang')).toBe('de');
    const breadcrumb = screen.getByRole('navigation', { name: 'Brotkrümelnavigation' });
    expect(within(breadcrumb).getByRole('link', { name: 'Startseite' })?.getAttribute('href')).toBe('/de/');
    expect(within(breadcrumb).getByText('Internet')?.getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('70 € Prämie für jeden neuen Anschluss')).toBeTruthy();
    expect(screen.getByRole('status')?.textContent).toContain('5 Angebote');
    const cards = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(cards).toEqual([
      'NetzPlus Internet S',
      'NetzPlus Internet M',
      'NetzPlus Internet L',
      'NetzPlus Internet M Hybrid',
      'NetzPlus Internet L Hybrid',
    ]);
    expect(
      screen.getByRole('link', { name: 'Jetzt empfehlen: NetzPlus Internet M' })?.getAttribute('href'),
    ).toBe('/de/empfehlen/602');
    // SPEC 4/9: money as de-DE euros with two decimals; the expired 2020 reward of 602 is not shown.
    expect(screen.getAllByText('70,00 € Prämie')).toHaveLength(5);
    expect(screen.getByText('39,95 € monatlich')).toBeTruthy();
    expect(api.calls.find((call) => call.url === '/produkt')?.params).toEqual({
      quelle: 'festnetz',
      kategorie: 'internet',
    });
    await waitFor(() => expect(document.title).toBe('Internet & Festnetz | Demo Freunde werben'));
  });

  it('shows the preselected main and TV product above the deck (SPEC 2)', async () => {
    const byId = Object.fromEntries(
      [603, 614].map((id) => [`/produkt/${id}`, { status: 200, data: festnetz.find((p) => p.Id === id) }]),
    );
    const api = fakeProductApi({
      '/produktkategorie': { status: 200, data: categories },
      '/produkt': () => festnetzOf('tv'),
      ...byId,
    });
    await renderBlock(<ProductCategory />, api, '/de/fernsehen');
    await screen.findByRole('heading', { level: 1, name: 'Internet & TV' });
    const [preselected, all] = screen
      .getAllByRole('list')
      .filter((list) => list.tagName === 'UL' && list.querySelector('h3'));
    expect(
      within(preselected as HTMLElement)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['NetzPlus Internet L', 'NetzPlus Internet L + TV']);
    expect(within(preselected as HTMLElement).getAllByText('Empfehlung')).toHaveLength(2);
    // …and stay in the list of all offers, which is the whole category
    expect(within(all as HTMLElement).getAllByRole('heading', { level: 3 })).toHaveLength(
      festnetzOf('tv').length,
    );
  });

  it('a tariff page lists tariffs whose button leads to the devices of that tariff', async () => {
    const api = fakeProductApi({
      '/produktkategorie': { status: 200, data: categories },
      '/produkt': () => offers.filter((o) => o.GeraeteTyp === 'smartphone' && o.Tarifart === 'vertrag'),
    });
    await renderBlock(<ProductCategory />, api, '/de/smartphone-tarife.html?widget=1');
    await screen.findByRole('heading', { level: 1, name: 'Smartphone-Tarife' });
    expect(screen.getByRole('heading', { level: 2, name: 'Alle Tarife' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Smartphone wählen: NetzPlus Mobil M' });
    // the widget parameter is carried over (SPEC 2)
    expect(link?.getAttribute('href')).toBe('/de/smartphones.html?tarifId=302&widget=1');
    expect(screen.getAllByText('5 Geräte zur Auswahl')).toHaveLength(2);
  });

  it('a device page with ?tarifId= shows the devices of that tariff and the way back to all', async () => {
    const api = fakeProductApi({
      '/produktkategorie': { status: 200, data: categories },
      '/produkt': (params) =>
        offers.filter((o) => o.GeraeteTyp === 'smartphone' && o.TarifId === params.tarifId),
    });
    await renderBlock(<ProductCategory />, api, '/de/smartphones.html?tarifId=302');
    await screen.findByText('Geräte mit dem Tarif NetzPlus Mobil M.');
    expect(screen.getByRole('link', { name: 'Alle Geräte anzeigen' })?.getAttribute('href')).toBe(
      '/de/smartphones.html',
    );
    expect(api.calls.find((call) => call.url === '/produkt')?.params).toEqual({
      quelle: 'mobilfunk',
      kategorie: 'smartphone',
      tarifId: 302,
    });
    expect(screen.queryByLabelText('Hersteller')).toBeNull();
  });

  it('filters a device page by manufacturer and announces the new count', async () => {
    const api = fakeProductApi({
      '/produktkategorie': { status: 200, data: categories },
      '/produkt/hersteller': { status: 200, data: ['Korvi', 'Lumera', 'Nordfon', 'Tessaro', 'Vexon'] },
      '/produkt': (params) =>
        offers.filter(
          (o) =>
            o.GeraeteTyp === 'smartphone' &&
            (params.hersteller === undefined || o.Hersteller === params.hersteller),
        ),
    });
    await renderBlock(<ProductCategory />, api, '/de/smartphones.html');
    const filter = await screen.findByLabelText('Hersteller');
    expect(screen.getByRole('status')?.textContent).toContain('23 Angebote');
    await act(async () => {
      fireEvent.change(filter, { target: { value: 'Lumera' } });
    });
    await waitFor(() => expect(screen.getByRole('status')?.textContent).toContain('6 Angebote'));
    expect((screen.getByLabelText('Hersteller') as HTMLSelectElement).value).toBe('Lumera');
    // the list already loaded is narrowed: no further product call
    expect(api.calls.filter((call) => call.url === '/produkt')).toHaveLength(1);
    // the product images come from the product API (SPEC 7: /produkt/{id}/sgrafik), decorative next to the
    // title (the first card's; the category's own picture heads the page)
    const image = document.querySelector('li img');
    expect(image?.getAttribute('src')).toBe('/api/v1/demo/produkt/801/sgrafik');
    expect(image?.getAttribute('alt')).toBe('');
  });

  it('an unknown category path shows SPEC 8 "404 - Unknown category"', async () => {
    const api = fakeProductApi({ '/produktkategorie': { status: 200, data: categories } });
    await renderBlock(<ProductCategory category="raumfahrt" />, api, '/de/internet');
    expect(await screen.findByRole('heading', { level: 1, name: '404 - Unknown category' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Startseite' })?.getAttribute('href')).toBe('/de/');
  });

  it('a failed call shows the catalogue message and tries again on request', async () => {
    const answers: Record<string, Answer> = {
      '/produktkategorie': { status: 503, data: { code: 'PSOF0003', message: '' } },
      '/produkt': () => festnetzOf('sport'),
    };
    await renderBlock(<ProductCategory />, fakeProductApi(answers), '/de/magentasport');
    expect((await screen.findByRole('alert')).textContent).toContain(
      // FailureMessage shows the network error or the default technical error (SPEC 8).
      'Es ist ein technischer Fehler aufgetreten. Bitte versuchen Sie es später noch einmal.',
    );
    expect(screen.getByRole('heading', { level: 1 })?.textContent).toContain(
      'Die Angebote konnten nicht geladen werden',
    );
    answers['/produktkategorie'] = { status: 200, data: categories };
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sport-Paket' })).toBeTruthy();
  });
});

describe('ProductOverview block (home page)', () => {
  afterEach(cleanup);
  const items = [
    { category: 'internet', title: 'products.deck.headline' },
    { category: 'smartphone-tarife.html', title: 'products.deck.tariffs', badge: 'products.top' },
  ];

  it('links each card to its category page, without a product call before first paint', async () => {
    const api = fakeProductApi({});
    await renderBlock(
      <ProductOverview headline="products.preselected.headline" items={items} />,
      api,
      '/de?widget=x',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Unsere Empfehlung' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Angebote ansehen: Alle Angebote' })?.getAttribute('href')).toBe(
      '/de/internet?widget=x',
    );
    expect(screen.getByRole('link', { name: 'Angebote ansehen: Alle Tarife' })?.getAttribute('href')).toBe(
      '/de/smartphone-tarife.html?widget=x',
    );
    expect(screen.getByText('Top-Angebot')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('shows nothing when the mandant hides product categories (ShowProductCategory)', async () => {
    const api = fakeProductApi({});
    const { container } = await renderBlock(
      <ProductOverview items={items} />,
      api,
      '/de',
      boot({ ShowProductCategory: false }),
    );
    expect(container.innerHTML).toBe('');
  });
});

describe('AgentList block', () => {
  afterEach(cleanup);
  const agents = Array.from({ length: 8 }, (_, index) => ({
    ExterneId: `SWL-${1001 + index}`,
    FirstName: 'Anja',
    LastName: `Muster${index + 1}`,
    ZipCode: '04177',
    City: 'Lindenau',
    Photo: `berater-${1001 + index}.svg`,
  }));
  const page = (params: Record<string, unknown>): AgentSearchResult => {
    const found = agents.filter(
      (agent) => String(params.query ?? '') === '' || agent.LastName.includes(String(params.query)),
    );
    const number = Number(params.page);
    const size = Number(params.pagesize);
    const pages = Math.ceil(found.length / size);
    return {
      Content: found.slice((number - 1) * size, number * size),
      HasNext: number < pages,
      PageCount: pages,
      TotalCount: found.length,
    };
  };

  it('pages through the agents six at a time (SPEC 9) with photos that have alt text', async () => {
    const api = fakeProductApi({ '/produkt/berater': page });
    await renderBlock(<AgentList />, api, '/de');
    expect((await screen.findByRole('status')).textContent).toContain(
      '8 Ansprechpersonen gefunden. Seite 1 von 2',
    );
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(6);
    expect(api.calls[0]?.params).toEqual({ query: '', page: 1, pagesize: 6 });
    const photo = screen.getByRole('img', { name: 'Foto von Anja Muster1' });
    expect(photo?.getAttribute('src')).toBe('/api/v1/demo/produkt/SWL-1001/grafik');
    expect(screen.getByRole('link', { name: 'Empfehlen: Anja Muster1' })?.getAttribute('href')).toBe(
      '/de/empfehlen/SWL-1001',
    );
    expect((screen.getByRole('button', { name: 'Vorherige Seite' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    });
    await waitFor(() => expect(screen.getByRole('status')?.textContent).toContain('Seite 2 von 2'));
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(2);
    expect((screen.getByRole('button', { name: 'Nächste Seite' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('searches by the words entered and starts again at page 1', async () => {
    const api = fakeProductApi({ '/produkt/berater': page });
    await renderBlock(<AgentList />, api, '/de');
    await screen.findByRole('status');
    fireEvent.change(screen.getByLabelText('Name, Postleitzahl oder Ort'), {
      target: { value: ' Muster7 ' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Suchen' }));
    });
    await waitFor(() =>
      expect(screen.getByRole('status')?.textContent).toContain('1 Ansprechperson gefunden.'),
    );
    expect(api.calls.at(-1)?.params).toEqual({ query: 'Muster7', page: 1, pagesize: 6 });
    fireEvent.change(screen.getByLabelText('Name, Postleitzahl oder Ort'), { target: { value: 'niemand' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Suchen' }));
    });
    await waitFor(() =>
      expect(screen.getByRole('status')?.textContent).toContain('Keine Ansprechperson gefunden.'),
    );
  });
});

describe('product API calls (runtime/products)', () => {
  it('go to this server below /api/v1/{mandant}, or to the mandant’s own product API (apiRoute)', async () => {
    const api = fakeProductApi({ '/produkt': () => [] });
    configureApi({ mandantId: 'telko', getLanguage: () => 'de', adapter: api.adapter });
    await fetchProducts({ mandantId: 'telko', apiRoute: '' }, { quelle: 'festnetz' });
    await fetchProducts({ mandantId: 'telko', apiRoute: 'https://produkte.example/api/' }, {});
    expect(api.calls.map((call) => call.baseURL)).toEqual(['/api/v1/telko', 'https://produkte.example/api']);
    expect(productImageUrl({ mandantId: 'telko', apiRoute: '' }, 'SWL 1', 'grafik')).toBe(
      '/api/v1/telko/produkt/SWL%201/grafik',
    );
  });
});
