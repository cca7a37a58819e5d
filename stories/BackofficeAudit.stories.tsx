import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { BackofficeAudit } from '../blocks/BackofficeAudit/index.ts';
import { AUDIT_API } from './fixtures/storyBackofficeAdmin.ts';
import { BACKOFFICE_ADMIN, withStorySession } from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/BackofficeAudit',
  component: BackofficeAudit,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
  parameters: { session: { backofficeUser: BACKOFFICE_ADMIN, api: AUDIT_API } },
} satisfies Meta<typeof BackofficeAudit>;

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
