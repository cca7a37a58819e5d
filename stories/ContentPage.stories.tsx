import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ContentPage } from '../blocks/ContentPage/index.ts';
import {
  CONTENT_UNAVAILABLE,
  HOSTILE_ENTRY,
  TERMS_ENTRY,
  withContentSuspense,
} from './fixtures/storyContent.tsx';
import { withStorySession } from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/ContentPage',
  component: ContentPage,
  args: { entry: 'participation-terms' },
  // _base has the routes the rich text links to and the texts of footnotes and errors.
  globals: { language: 'de', mandant: '_base' },
  decorators: [withContentSuspense, withStorySession],
  parameters: {
    session: { api: { 'GET /content/entries/participation-terms': { status: 200, data: TERMS_ENTRY } } },
  },
} satisfies Meta<typeof ContentPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Rich text from the content provider: headings below the title, a route link, a footnote, a mail link. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Teilnahmebedingungen' }),
    ).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: '1. Wer teilnehmen kann' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Impressum' })).toHaveAttribute('href', '/de/impressum');
    await expect(canvas.getByRole('link', { name: 'Schreiben Sie uns' })).toHaveAttribute(
      'href',
      'mailto:service@netzplus.example',
    );
    const reference = canvas.getByRole('link', { name: 'Fußnote 1' });
    await expect(reference).toHaveTextContent('1');
    await expect(canvas.getByRole('heading', { level: 2, name: 'Fußnoten' })).toBeVisible();
    const note = canvasElement.querySelector(reference.getAttribute('href') ?? '');
    await expect(note).toHaveTextContent('Auszahlung: Geldprämien überweisen wir');
  },
};

/** Below another h1 (level 2): the title is an h2 and the text's headings move down to h3. */
export const Section: Story = {
  args: { level: 2 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 2, name: 'Teilnahmebedingungen' }),
    ).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 3, name: '1. Wer teilnehmen kann' })).toBeVisible();
    await expect(canvas.queryByRole('heading', { level: 1 })).toBeNull();
  },
};

/** Markup, script links and unknown nodes from a CMS render as plain text or not at all. */
export const HostileContent: Story = {
  parameters: {
    session: { api: { 'GET /content/entries/participation-terms': { status: 200, data: HOSTILE_ENTRY } } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Impressum <script>alert(1)</script>' }),
    ).toBeVisible();
    await expect(canvas.getByText('<img src=x onerror=alert(1)> bleibt Text.')).toBeVisible();
    await expect(canvas.getByText('Gefährlicher Link')).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'Gefährlicher Link' })).toBeNull();
    await expect(canvas.getByText('Unbekannter Knoten, sichtbar als Text.')).toBeVisible();
    await expect(canvasElement.querySelector('script, img')).toBeNull();
  },
};

/** The CMS is down and the server has no copy: the page title stays, SPEC's message takes the text's place. */
export const Unavailable: Story = {
  parameters: { session: { api: { 'GET /content/entries/participation-terms': CONTENT_UNAVAILABLE } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Inhalt nicht verfügbar')).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1 })).toBeVisible();
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  parameters: { session: { api: { 'GET /content/entries/participation-terms': CONTENT_UNAVAILABLE } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Content not available')).toBeVisible();
  },
};
