import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { BackofficeSetPassword } from '../blocks/BackofficeSetPassword/index.ts';
import { withStorySession } from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/BackofficeSetPassword',
  component: BackofficeSetPassword,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
  parameters: {
    session: { params: { token: 'abc' }, api: { 'PUT /backoffice/passwortSetzen': { status: 204 } } },
  },
} satisfies Meta<typeof BackofficeSetPassword>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The invitation link's page: the new password and its confirmation. */
export const Form: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Passwort festlegen' })).toBeVisible();
  },
};
