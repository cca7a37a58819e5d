import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ProductCategory } from '../blocks/ProductCategory/index.ts';
import { categories, festnetz, festnetzOf, offers, withSuspense } from './fixtures/storyProducts.tsx';
import { withStorySession } from './fixtures/storySession.tsx';

const ok = (data: unknown) => ({ status: 200, data });

const meta = {
  title: 'Blocks/ProductCategory',
  component: ProductCategory,
  // The telecom demo's catalogue; the page path names the category (every category is a route).
  globals: { language: 'de', mandant: 'telko' },
  parameters: {
    path: '/de/internet',
    session: { api: { 'GET /produktkategorie': ok(categories), 'GET /produkt': ok(festnetzOf('internet')) } },
  },
  decorators: [withSuspense, withStorySession],
} satisfies Meta<typeof ProductCategory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** SPEC 2: title, breadcrumb, subtitle, and the card deck (4 columns at xl/lg, 2 at md, 1 below). */
export const Internet: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Internet & Festnetz' })).toBeVisible();
    const breadcrumb = canvas.getByRole('navigation', { name: 'Brotkrümelnavigation' });
    await expect(within(breadcrumb).getByText('Internet')).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByText('70 € Prämie für jeden neuen Anschluss')).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('5 Angebote');
    await expect(canvas.getAllByRole('heading', { level: 3 })).toHaveLength(5);
    // SPEC 4: the expired 2020 multi-reward of Internet M is not shown; every card shows its 70 €.
    await expect(canvas.getAllByText('70,00 € Prämie')).toHaveLength(5);
    await expect(canvas.getByText('Online-Vorteil: 6 Monate je 10 € sparen')).toBeVisible();
  },
};

/** SPEC 2: a preselected main product and TV product, shown above the deck. */
export const TvWithPreselection: Story = {
  parameters: {
    path: '/de/fernsehen',
    session: {
      api: {
        'GET /produktkategorie': ok(categories),
        'GET /produkt': ok(festnetzOf('tv')),
        'GET /produkt/603': ok(festnetz.find((p) => p.Id === 603)),
        'GET /produkt/614': ok(festnetz.find((p) => p.Id === 614)),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Unsere Empfehlung' })).toBeVisible();
    await expect(canvas.getAllByText('Empfehlung')).toHaveLength(2);
    await expect(canvas.getByRole('heading', { level: 3, name: 'NetzPlus Internet L' })).toBeVisible();
  },
};

/** SPEC 2: a tariff page's select button leads to the smartphones of that tariff. */
export const SmartphoneTariffs: Story = {
  parameters: {
    path: '/de/smartphone-tarife.html',
    session: {
      api: {
        'GET /produktkategorie': ok(categories),
        'GET /produkt': ok(offers.filter((o) => o.GeraeteTyp === 'smartphone' && o.Tarifart === 'vertrag')),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Alle Tarife' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Smartphone wählen: NetzPlus Mobil L' })).toHaveAttribute(
      'href',
      '/de/smartphones.html?tarifId=303',
    );
    await expect(canvas.getAllByText('50,00 € Prämie')).toHaveLength(4);
  },
};

/** Device pages filter by manufacturer; the count is announced. */
export const SmartphonesByManufacturer: Story = {
  parameters: {
    path: '/de/smartphones.html',
    session: {
      api: {
        'GET /produktkategorie': ok(categories),
        'GET /produkt/hersteller': ok(['Korvi', 'Lumera', 'Nordfon', 'Tessaro', 'Vexon']),
        'GET /produkt': ok(offers.filter((o) => o.GeraeteTyp === 'smartphone')),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const filter = await canvas.findByLabelText('Hersteller');
    await expect(within(filter).getAllByRole('option')).toHaveLength(6);
    await expect(canvas.getByRole('status')).toHaveTextContent('23 Angebote');
    await userEvent.selectOptions(filter, 'Vexon');
    await expect(filter).toHaveValue('Vexon');
    await expect(canvas.getByRole('status')).toHaveTextContent('9 Angebote');
    await expect(canvas.getAllByText('Top-Angebot')).toHaveLength(1);
  },
};

/**
 * Issue 12: every device card shows its device (SPEC 7: /produkt/{id}/sgrafik) with its size, loaded lazily
 * below the fold; the category's own picture (/produktkategorie/{id}/grafik) opens the page, not deferred.
 */
export const SmartphonePictures: Story = {
  parameters: SmartphonesByManufacturer.parameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('23 Angebote');
    const cards = canvas.getAllByRole('heading', { level: 3 });
    const pictures = [...canvasElement.querySelectorAll<HTMLImageElement>('li > img')];
    await expect(pictures).toHaveLength(cards.length);
    for (const picture of pictures) {
      await expect(picture.getAttribute('src')).toMatch(/^\/api\/v1\/telko\/produkt\/8\d\d\/sgrafik$/);
      await expect(picture).toHaveAttribute('width', '320');
      await expect(picture).toHaveAttribute('height', '240');
      await expect(picture).toHaveAttribute('loading', 'lazy');
      await expect(picture).toHaveAttribute('decoding', 'async');
      // Decorative: the card's title names the device.
      await expect(picture).toHaveAttribute('alt', '');
    }
    const banner = canvasElement.querySelector('img[src*="/produktkategorie/"]');
    await expect(banner).toHaveAttribute('src', '/api/v1/telko/produktkategorie/10/grafik');
    await expect(banner).toHaveAttribute('width', '480');
    await expect(banner).toHaveAttribute('height', '240');
    await expect(banner).not.toHaveAttribute('loading');
  },
};

/** A path that is no category: SPEC 8's "404 - Unknown category". */
export const UnknownCategory: Story = {
  parameters: { path: '/de/raumfahrt' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: '404 - Unknown category' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Startseite' })).toHaveAttribute('href', '/de/');
  },
};

/** The product API does not answer: the catalogue message and a way to try again. */
export const LoadFailure: Story = {
  parameters: { session: { api: { 'GET /produktkategorie': { status: 500, data: { code: 'PSOF0001' } } } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Es ist ein technischer Fehler aufgetreten.',
    );
    await expect(canvas.getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: 'telko' },
  parameters: { path: '/en/internet' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Product data is German: the title is marked as such on the English page (WCAG 3.1.2).
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Internet & Festnetz' }),
    ).toHaveAttribute('lang', 'de');
    await expect(canvas.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'All offers' })).toBeVisible();
    await expect(canvas.getAllByText('70,00 € reward')).toHaveLength(5);
  },
};
