import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ProfiWelcome } from '../blocks/ProfiWelcome/index.ts';
import { SELLER } from './fixtures/storyProfi.ts';
import { withStorySession } from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/ProfiWelcome',
  component: ProfiWelcome,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
} satisfies Meta<typeof ProfiWelcome>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Just registered: the steps, and the login that comes back to the overview. */
export const AfterRegistration: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Willkommen als Profi-Verkäufer' }),
    ).toBeVisible();
    await expect(within(canvas.getByRole('list')).getAllByRole('listitem')).toHaveLength(3);
    await expect(canvas.getByRole('link', { name: 'Zur Anmeldung' })).toHaveAttribute(
      'href',
      '/de/login?redirect=ProfiOverview',
    );
  },
};

/** Already logged in: straight to the overview. */
export const LoggedIn: Story = {
  parameters: { session: { user: SELLER } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Zur Übersicht' })).toHaveAttribute(
      'href',
      '/de/profi',
    );
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: 'What happens next' })).toBeVisible();
  },
};
