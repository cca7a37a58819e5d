import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Steps } from '../blocks/Steps/index.ts';

const threeSteps = [
  { title: 'story.steps.recommend.title', text: 'story.steps.recommend.text' },
  { title: 'story.steps.order.title', text: 'story.steps.order.text' },
  { title: 'story.steps.reward.title', text: 'story.steps.reward.text' },
];

const meta = {
  title: 'Blocks/Steps',
  component: Steps,
  args: { headline: 'story.steps.headline', steps: threeSteps },
  // Plays check German texts; the English stories set their own language.
  globals: { language: 'de' },
} satisfies Meta<typeof Steps>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'So funktioniert’s' })).toBeVisible();
    const items = within(canvas.getByRole('list')).getAllByRole('listitem');
    await expect(items).toHaveLength(3);
    await expect(within(items[2] as HTMLElement).getByRole('heading', { level: 3 })).toHaveTextContent(
      'Prämie erhalten',
    );
  },
};

export const ManySteps: Story = {
  args: {
    steps: [
      ...threeSteps.slice(0, 2),
      { title: 'story.steps.confirm.title', text: 'story.steps.confirm.text' },
      { title: 'story.steps.release.title', text: 'story.steps.release.text' },
      { title: 'story.steps.reward.title', text: 'story.steps.reward.text' },
      { title: 'story.steps.share.title', text: 'story.steps.share.text' },
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('listitem')).toHaveLength(6);
  },
};

export const LongGermanWords: Story = {
  args: {
    headline: 'story.long.headline',
    steps: [{ title: 'story.long.headline', text: 'story.long.text' }, ...threeSteps.slice(1)],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getAllByRole('heading', { name: /Empfehlungsprämienauszahlungsbedingungen/ }),
    ).toHaveLength(2);
  },
};

export const Minimal: Story = {
  args: { steps: [threeSteps[0] as (typeof threeSteps)[number]] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('listitem')).toHaveLength(1);
    await expect(canvas.getByRole('heading', { level: 3, name: 'Empfehlen' })).toBeVisible();
  },
};

export const English: Story = {
  globals: { language: 'en' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'How it works' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 3, name: 'Receive your reward' })).toBeVisible();
  },
};
