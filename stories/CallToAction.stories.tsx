import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { CallToAction } from '../blocks/CallToAction/index.ts';

const meta = {
  title: 'Blocks/CallToAction',
  component: CallToAction,
  args: { headline: 'story.cta.headline', button: { label: 'story.cta.button', route: 'Faq' } },
  // Plays check German texts; the English stories set their own language.
  globals: { language: 'de' },
} satisfies Meta<typeof CallToAction>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: { text: 'story.cta.text' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Noch Fragen?' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Zu den häufigen Fragen' })).toHaveAttribute(
      'href',
      '/de/faq',
    );
  },
};

export const Minimal: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Noch Fragen?' })).toBeVisible();
    await expect(canvasElement.querySelectorAll('p')).toHaveLength(0);
  },
};

export const LongGermanWords: Story = {
  args: {
    headline: 'story.long.headline',
    text: 'story.long.text',
    button: { label: 'story.long.button', route: 'ParticipationTerms' },
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('link', { name: 'Teilnahmebedingungenübersicht öffnen' }),
    ).toHaveAttribute('href', '/de/teilnahmebedingungen');
  },
};

export const English: Story = {
  args: Default.args,
  globals: { language: 'en' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Any questions?' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to the FAQ' })).toHaveAttribute('href', '/en/faq');
  },
};
