import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Footnotes } from '../blocks/Footnotes/index.ts';
import { CONTENT_UNAVAILABLE, FOOTNOTES, withContentSuspense } from './fixtures/storyContent.tsx';
import { withStorySession } from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/Footnotes',
  component: Footnotes,
  args: { headline: 'content.footnotes.headline', group: 'praemie' },
  globals: { language: 'de', mandant: '_base' },
  decorators: [withContentSuspense, withStorySession],
  parameters: { session: { api: { 'GET /content/footnotes': { status: 200, data: FOOTNOTES } } } },
} satisfies Meta<typeof Footnotes>;

export default meta;
type Story = StoryObj<typeof meta>;

/** SPEC 3 footnotes (Titel, Inhalt) of one Gruppe under a headline. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Fußnoten' })).toBeVisible();
    await expect(canvas.getByText('Auszahlung')).toBeVisible();
    await expect(canvas.getByText(/tatsächlich bestellt/)).toBeVisible();
  },
};

export const Unavailable: Story = {
  parameters: { session: { api: { 'GET /content/footnotes': CONTENT_UNAVAILABLE } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Inhalt nicht verfügbar')).toBeVisible();
  },
};
