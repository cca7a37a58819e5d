import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { BackofficeIntegration } from '../blocks/BackofficeIntegration/index.ts';
import { INTEGRATION_API } from './fixtures/storyBackofficeAdmin.ts';
import { BACKOFFICE_ADMIN, withStorySession } from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/BackofficeIntegration',
  component: BackofficeIntegration,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
  parameters: { session: { backofficeUser: BACKOFFICE_ADMIN, api: INTEGRATION_API } },
} satisfies Meta<typeof BackofficeIntegration>;

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
