import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { blockRegistry } from '../blocks/registry.ts';
import type { BlockRegistry } from '../runtime/index.ts';
import { PageRenderer } from '../runtime/page/PageRenderer.tsx';

function Broken(): never {
  throw new Error('This block fails on purpose (story)');
}

/** The real registry, except that TextSection throws while rendering. */
const registryWithBrokenBlock: BlockRegistry = {
  ...blockRegistry,
  TextSection: async () => ({ default: Broken }),
};

/** How the page renderer degrades: a broken or unknown block never blanks the page. */
const meta = {
  title: 'Pages/Page states',
  component: PageRenderer,
  argTypes: { registry: { control: false } },
  // Plays check German texts; the English stories set their own language.
  globals: { language: 'de' },
} satisfies Meta<typeof PageRenderer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const UnknownBlockType: Story = {
  args: {
    registry: blockRegistry,
    page: {
      blocks: [
        { id: 'hero', type: 'Hero', props: { headline: 'story.hero.headline' } },
        { id: 'carousel', type: 'Carousel', props: {} },
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(/Unbekannter Baustein „Carousel“ \(Block „carousel“\)/),
    ).toBeVisible();
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Freunde werben und Prämie sichern' }),
    ).toBeVisible();
  },
};

export const FailingBlock: Story = {
  args: {
    registry: registryWithBrokenBlock,
    page: {
      blocks: [
        { id: 'hero', type: 'Hero', props: { headline: 'story.hero.headline' } },
        { id: 'terms', type: 'TextSection', props: { headline: 'story.text.headline', paragraphs: [] } },
        {
          id: 'cta',
          type: 'CallToAction',
          props: { headline: 'story.cta.headline', button: { label: 'story.cta.button', route: 'Faq' } },
        },
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(/Dieser Bereich konnte leider nicht angezeigt werden/),
    ).toBeVisible();
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Noch Fragen?' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1 })).toBeVisible();
  },
};
