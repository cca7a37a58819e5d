import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { TeaserGrid } from '../blocks/TeaserGrid/index.ts';

const fourItems = [
  {
    title: 'story.teasers.internet.title',
    text: 'story.teasers.internet.text',
    badge: 'story.teasers.internet.badge',
    route: 'Faq',
    linkLabel: 'story.teasers.more',
  },
  {
    title: 'story.teasers.fibre.title',
    text: 'story.teasers.fibre.text',
    badge: 'story.teasers.fibre.badge',
    route: 'Faq',
  },
  {
    title: 'story.teasers.mobile.title',
    text: 'story.teasers.mobile.text',
    badge: 'story.teasers.mobile.badge',
  },
  { title: 'story.teasers.tv.title', text: 'story.teasers.tv.text' },
];

const meta = {
  title: 'Blocks/TeaserGrid',
  component: TeaserGrid,
  args: { headline: 'story.teasers.headline', items: fourItems },
  // Plays check German texts; the English stories set their own language.
  globals: { language: 'de' },
} satisfies Meta<typeof TeaserGrid>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Was möchten Sie empfehlen?' })).toBeVisible();
    const cards = canvas.getAllByRole('listitem');
    await expect(cards).toHaveLength(4);
    await expect(within(cards[0] as HTMLElement).getByRole('heading', { level: 3 })).toHaveTextContent(
      'Internet & Festnetz',
    );
    await expect(canvas.getByRole('link', { name: 'Tarife ansehen' })).toHaveAttribute('href', '/de/faq');
    await expect(canvas.getByRole('link', { name: 'Mehr erfahren' })).toHaveAttribute('href', '/de/faq');
    await expect(canvas.getAllByRole('link')).toHaveLength(2);
    await expect(canvas.getByText('70 € Prämie')).toBeVisible();
  },
};

export const ManyItems: Story = {
  args: {
    items: [
      ...fourItems,
      {
        title: 'story.teasers.sport.title',
        text: 'story.teasers.sport.text',
        badge: 'story.teasers.sport.badge',
      },
      { title: 'story.teasers.young.title', text: 'story.teasers.young.text' },
      { title: 'story.teasers.tablets.title', text: 'story.teasers.tablets.text' },
      { title: 'story.teasers.devices.title', text: 'story.teasers.devices.text' },
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('listitem')).toHaveLength(8);
  },
};

export const WithoutHeadline: Story = {
  args: { headline: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Without a grid headline the card titles become h2, so the outline skips no level.
    await expect(canvas.getAllByRole('heading', { level: 2 })).toHaveLength(4);
    await expect(canvas.queryAllByRole('heading', { level: 3 })).toHaveLength(0);
  },
};

export const LongGermanWords: Story = {
  args: {
    headline: 'story.long.headline',
    items: [
      { title: 'story.long.headline', text: 'story.long.text', route: 'Faq', linkLabel: 'story.long.button' },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Teilnahmebedingungenübersicht öffnen' })).toBeVisible();
  },
};

export const Minimal: Story = {
  args: { headline: undefined, items: [{ title: 'story.teasers.tv.title' }] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Fernsehen' })).toBeVisible();
    await expect(canvas.queryByRole('link')).toBeNull();
  },
};

export const English: Story = {
  globals: { language: 'en' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'What would you like to recommend?' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/en/faq');
    await expect(canvas.getByRole('link', { name: 'Learn more' })).toBeVisible();
  },
};

/** Issue 12: the insurer's home page, each product with its picture (decorative, sized, lazy). */
export const InsurerProducts: Story = {
  globals: { mandant: 'versicherung' },
  args: {
    headline: 'home.products.headline',
    anchor: 'produkte',
    items: (['haftpflicht', 'hausrat', 'kfz', 'zahn'] as const).map((name, index) => ({
      title: `home.products.${name}.title`,
      text: `home.products.${name}.text`,
      route: 'Recommendation',
      params: { productId: String(101 + index) },
      linkLabel: `home.products.${name}.link`,
      image: { src: `produkt-${name}.svg`, width: 320, height: 240 },
    })),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvasElement.querySelector('section')).toHaveAttribute('id', 'produkte');
    await expect(canvas.getAllByRole('link')[0]).toHaveAttribute('href', '/de/empfehlen/101');
    const pictures = [...canvasElement.querySelectorAll('img')];
    await expect(pictures).toHaveLength(4);
    await expect(pictures[3]).toHaveAttribute('src', '/mandant-assets/versicherung/produkt-zahn.svg');
    for (const picture of pictures) {
      await expect(picture).toHaveAttribute('alt', '');
      await expect(picture).toHaveAttribute('width', '320');
      await expect(picture).toHaveAttribute('height', '240');
      await expect(picture).toHaveAttribute('loading', 'lazy');
      await expect(picture).toHaveAttribute('decoding', 'async');
    }
  },
};
