import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { BackofficeStaff } from '../blocks/BackofficeStaff/index.ts';
import { STAFF_API } from './fixtures/storyBackofficeAdmin.ts';
import { BACKOFFICE_ADMIN, withStorySession } from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/BackofficeStaff',
  component: BackofficeStaff,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
  parameters: { session: { backofficeUser: BACKOFFICE_ADMIN, api: STAFF_API } },
} satisfies Meta<typeof BackofficeStaff>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An admin's view. */
export const Admin: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toBeVisible();
    await canvas.findByRole('table', {}, { timeout: 10_000 });
  },
};
