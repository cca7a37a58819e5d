import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { BackofficeOverview } from '../blocks/BackofficeOverview/index.ts';
import {
  BACKOFFICE_ADMIN,
  BACKOFFICE_OPERATOR,
  backofficeUser,
  withStorySession,
} from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/BackofficeOverview',
  component: BackofficeOverview,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
  parameters: { session: { backofficeUser: BACKOFFICE_OPERATOR } },
} satisfies Meta<typeof BackofficeOverview>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The operator: greeting, roles, and a card for each section the roles grant (as far as the mandant has it). */
export const Operator: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Backoffice' })).toBeVisible();
    await expect(canvas.getByText('Guten Tag, Sam Service')).toBeVisible();
    await expect(canvas.getByText('Ihre Rollen: Betrieb')).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'Team' })).toBeNull();
  },
};

/** Several roles add up. */
export const SeveralRoles: Story = {
  parameters: {
    session: {
      backofficeUser: backofficeUser('Fina Finanzen', 'finanzen@netzplus.example', ['finance', 'admin']),
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Ihre Rollen: Finanzen, Administration')).toBeVisible();
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  parameters: { session: { backofficeUser: BACKOFFICE_ADMIN } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Hello, Ada Admin')).toBeVisible();
    await expect(canvas.getByText('Your roles: Administrator')).toBeVisible();
  },
};
