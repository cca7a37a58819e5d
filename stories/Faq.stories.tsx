import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Faq } from '../blocks/Faq/index.ts';
import { CONTENT_UNAVAILABLE, FAQ, withContentSuspense } from './fixtures/storyContent.tsx';
import { withStorySession } from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/Faq',
  component: Faq,
  args: { headline: 'faq.intro.headline', intro: 'faq.intro.p1' },
  globals: { language: 'de', mandant: '_base' },
  decorators: [withContentSuspense, withStorySession],
  parameters: { session: { api: { 'GET /content/faq': { status: 200, data: FAQ } } } },
} satisfies Meta<typeof Faq>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Categories as h2, questions as accordion buttons; an answer opens and closes with its button. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Häufige Fragen' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Prämie und Auszahlung' })).toBeVisible();
    const question = canvas.getByRole('button', { name: 'Wer kann etwas empfehlen?' });
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(question);
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    const answer = canvas.getByRole('region', { name: 'Wer kann etwas empfehlen?' });
    await expect(answer).toHaveTextContent('mindestens 18 Jahre alt');
    await userEvent.click(question);
    await expect(answer).not.toBeVisible();
  },
};

/** Search finds words in questions and answers, with umlauts spelled out, and announces the number of hits. */
export const Search: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('Fragen durchsuchen'), 'praemie bestellung');
    await expect(canvas.getByText('1 passende Frage')).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: 'Zählt auch eine Bestellung über die Hotline?' }),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Wer kann etwas empfehlen?' })).toBeNull();
    await userEvent.clear(canvas.getByLabelText('Fragen durchsuchen'));
    await userEvent.type(canvas.getByLabelText('Fragen durchsuchen'), 'Xylophon');
    await expect(canvas.getByText(/Keine passende Frage gefunden/)).toBeVisible();
  },
};

/** Under another block's h1 (level 2): the headline is an h2, categories h3, questions h4. */
export const Section: Story = {
  args: { level: 2 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Häufige Fragen' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 3, name: 'Teilnahme' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 4, name: 'Wer kann etwas empfehlen?' })).toBeVisible();
    await expect(canvas.queryByRole('heading', { level: 1 })).toBeNull();
  },
};

export const Unavailable: Story = {
  parameters: { session: { api: { 'GET /content/faq': CONTENT_UNAVAILABLE } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Inhalt nicht verfügbar')).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1, name: 'Häufige Fragen' })).toBeVisible();
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Frequently asked questions' }),
    ).toBeVisible();
    await expect(canvas.getByLabelText('Search the questions')).toBeVisible();
  },
};
