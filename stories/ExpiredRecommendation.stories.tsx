import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ExpiredRecommendation } from '../blocks/ExpiredRecommendation/index.ts';
import { withStorySession } from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/ExpiredRecommendation',
  component: ExpiredRecommendation,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
} satisfies Meta<typeof ExpiredRecommendation>;

export default meta;
type Story = StoryObj<typeof meta>;

/** SPEC 2 and 8 word for word; _base promises no amount (the telecom demo says SPEC 9's 50 euro). */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Diese Empfehlung ist leider nicht mehr möglich' }),
    ).toBeVisible();
    await expect(canvas.getByText(/erhalten Sie eine Prämie/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Jetzt selbst empfehlen' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/de\/?$/),
    );
  },
};

export const Telko: Story = {
  globals: { language: 'de', mandant: 'telko' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Jetzt selbst empfehlen' })).toBeVisible();
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('heading', {
        level: 1,
        name: 'Unfortunately this recommendation is no longer possible',
      }),
    ).toBeVisible();
  },
};
