import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ProductOverview } from '../blocks/ProductOverview/index.ts';

const meta = {
  title: 'Blocks/ProductOverview',
  component: ProductOverview,
  // The telecom demo's texts: the home page overview links to its category pages.
  globals: { language: 'de', mandant: 'telko' },
  args: {
    headline: 'home.categories.headline',
    items: [
      {
        category: 'internet',
        image: { src: 'kachel-internet.svg', width: 320, height: 240 },
        title: 'home.categories.internet.title',
        text: 'home.categories.internet.text',
        badge: 'home.categories.internet.badge',
      },
      {
        category: 'glasfaser',
        image: { src: 'kachel-glasfaser.svg', width: 320, height: 240 },
        title: 'home.categories.glasfaser.title',
        text: 'home.categories.glasfaser.text',
        badge: 'home.categories.glasfaser.badge',
      },
      {
        category: 'smartphone-tarife.html',
        image: { src: 'kachel-mobilfunk.svg', width: 320, height: 240 },
        title: 'home.categories.mobilfunk.title',
        text: 'home.categories.mobilfunk.text',
        badge: 'home.categories.mobilfunk.badge',
      },
      {
        category: 'magentasport',
        title: 'home.categories.sport.title',
        text: 'home.categories.sport.text',
        image: { src: 'kachel-sport.svg', width: 320, height: 240 },
      },
    ],
  },
} satisfies Meta<typeof ProductOverview>;

export default meta;
type Story = StoryObj<typeof meta>;

/** SPEC 2, Homepage: the product categories, each card one link to its category page. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Was möchten Sie empfehlen?' })).toBeVisible();
    await expect(canvas.getAllByRole('heading', { level: 3 })).toHaveLength(4);
    await expect(canvas.getByRole('link', { name: 'Angebote ansehen: Mobilfunk' })).toHaveAttribute(
      'href',
      '/de/smartphone-tarife.html',
    );
    await expect(canvas.getByText('Bis zu 90 € Prämie')).toBeVisible();
  },
};

/** Issue 12: each card opens with its picture (decorative, sized, lazy: the overview sits below the hero). */
export const Pictures: Story = {
  args: { anchor: 'angebote' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('section')).toHaveAttribute('id', 'angebote');
    const pictures = [...canvasElement.querySelectorAll('img')];
    await expect(pictures.map((picture) => picture.getAttribute('src'))).toEqual([
      '/mandant-assets/telko/kachel-internet.svg',
      '/mandant-assets/telko/kachel-glasfaser.svg',
      '/mandant-assets/telko/kachel-mobilfunk.svg',
      '/mandant-assets/telko/kachel-sport.svg',
    ]);
    for (const picture of pictures) {
      await expect(picture).toHaveAttribute('alt', '');
      await expect(picture).toHaveAttribute('width', '320');
      await expect(picture).toHaveAttribute('height', '240');
      await expect(picture).toHaveAttribute('loading', 'lazy');
    }
  },
};

export const WithoutHeadline: Story = {
  args: { headline: undefined },
  play: async ({ canvasElement }) => {
    // Without a headline the card titles are h2, so the outline skips no level.
    await expect(within(canvasElement).getAllByRole('heading', { level: 2 })).toHaveLength(4);
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: 'telko' },
  play: async ({ canvasElement }) => {
    const links = within(canvasElement).getAllByRole('link', { name: /^See offers: / });
    await expect(links).toHaveLength(4);
    await expect(links[0]).toHaveAttribute('href', '/en/internet');
  },
};
