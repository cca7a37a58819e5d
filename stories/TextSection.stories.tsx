import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { TextSection } from '../blocks/TextSection/index.ts';

const meta = {
  title: 'Blocks/TextSection',
  component: TextSection,
  args: { headline: 'story.text.headline', paragraphs: ['story.text.p1', 'story.text.p2'] },
  // Plays check German texts; the English stories set their own language.
  globals: { language: 'de' },
} satisfies Meta<typeof TextSection>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Teilnahmebedingungen' })).toBeVisible();
    await expect(canvas.getByText(/natürliche Personen ab 18 Jahren/)).toBeVisible();
  },
};

export const PageHeading: Story = {
  args: { level: 1 },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('heading', { level: 1, name: 'Teilnahmebedingungen' }),
    ).toBeVisible();
  },
};

export const ManyParagraphs: Story = {
  args: {
    paragraphs: ['story.text.p1', 'story.text.p2', 'story.text.p3', 'story.long.text', 'story.cta.text'],
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('p')).toHaveLength(5);
  },
};

export const LongGermanWords: Story = {
  args: { headline: 'story.long.headline', level: 1, paragraphs: ['story.long.text'] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Datenschutzgrundverordnungskonformität/)).toBeVisible();
  },
};

export const Minimal: Story = {
  args: { paragraphs: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 2 })).toBeVisible();
    await expect(canvasElement.querySelectorAll('p')).toHaveLength(0);
  },
};

export const English: Story = {
  globals: { language: 'en' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Terms of participation' })).toBeVisible();
    await expect(canvas.getByText(/Natural persons aged 18 or over/)).toBeVisible();
  },
};
