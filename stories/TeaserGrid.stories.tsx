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
