import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { KeyVisual } from '../blocks/KeyVisual/index.ts';
import { CONTENT_UNAVAILABLE, KEY_VISUAL, withContentSuspense } from './fixtures/storyContent.tsx';
import { withStorySession } from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/KeyVisual',
  component: KeyVisual,
  args: { visual: 'home' },
  globals: { language: 'de', mandant: '_base' },
  decorators: [withContentSuspense, withStorySession],
  parameters: { session: { api: { 'GET /content/keyvisuals/home': { status: 200, data: KEY_VISUAL } } } },
} satisfies Meta<typeof KeyVisual>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The home page's key visual from the content provider: headline (h1), text, image, call to action. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Freunde werben – bis zu 110 € Prämie sichern' }),
    ).toBeVisible();
    const image = canvas.getByRole('img', { name: 'Zwei Personen teilen einen Empfehlungslink' });
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute('width', '480');
    await expect(image).toHaveAttribute('height', '320');
    await expect(image).toHaveAttribute('fetchpriority', 'high');
    await expect(canvas.getByRole('link', { name: 'Häufige Fragen' })).toHaveAttribute('href', '/de/faq');
  },
};

export const Unavailable: Story = {
  parameters: { session: { api: { 'GET /content/keyvisuals/home': CONTENT_UNAVAILABLE } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Inhalt nicht verfügbar')).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1 })).toBeVisible();
  },
};
