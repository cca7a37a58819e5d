import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { NotFound } from '../blocks/NotFound/index.ts';

const meta = {
  title: 'Blocks/NotFound',
  component: NotFound,
  // Plays check German texts; the English stories set their own language.
  globals: { language: 'de' },
} satisfies Meta<typeof NotFound>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No props: the SPEC headline and a link home come from the runtime's bundled texts. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: '404 - Datei nicht gefunden' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/de/');
  },
};

export const CustomTexts: Story = {
  args: {
    headline: 'story.notFound.headline',
    text: 'story.notFound.text',
    back: { label: 'story.notFound.back', route: 'Faq' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Diese Seite gibt es nicht mehr' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/de/faq');
  },
};

export const LongGermanWords: Story = {
  args: { headline: 'story.long.headline', text: 'story.long.text' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 1 })).toHaveTextContent(
      /Bestandskundenvertragsverlängerungen/,
    );
  },
};

export const English: Story = {
  globals: { language: 'en' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: '404 - File not found' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/en/');
  },
};
