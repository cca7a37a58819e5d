import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { BackofficeSettings } from '../blocks/BackofficeSettings/index.ts';
import { SETTINGS_API } from './fixtures/storyBackofficeSettings.ts';
import { BACKOFFICE_ADMIN, BACKOFFICE_VIEWER, withStorySession } from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/BackofficeSettings',
  component: BackofficeSettings,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
  parameters: { session: { backofficeUser: BACKOFFICE_ADMIN, api: SETTINGS_API } },
} satisfies Meta<typeof BackofficeSettings>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The admin (the role with `settings`): the channel ranks with their source, the editor, the versions
 * with preview, publish and restore, and the preview of the draft with its channel order before and after.
 */
export const Admin: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
    await canvas.findByText('Es gilt die veröffentlichte Version 2.', {}, { timeout: 10_000 });
    await expect(canvas.getByRole('button', { name: 'Zurück zur Datei des Mandanten' })).toBeVisible();
    const versions = await canvas.findByRole('table', { name: 'Versionen' }, { timeout: 10_000 });
    await expect(
      await within(versions).findByRole('button', { name: 'Version 1 wiederherstellen' }),
    ).toBeVisible();
    await userEvent.click(within(versions).getByRole('button', { name: 'Vorschau von Version 3' }));
    const preview = await canvas.findByRole('region', { name: 'Vorschau von Version 3' });
    await expect(within(preview).getByRole('button', { name: 'Version 3 veröffentlichen' })).toBeVisible();
    const after = within(preview).getAllByRole('list')[1] as HTMLElement;
    await expect(within(after).getAllByRole('listitem')[0]).toHaveTextContent('WhatsApp');
  },
};

/** A viewer has no `settings`: only the notice, no values and no action. */
export const Viewer: Story = {
  parameters: { session: { backofficeUser: BACKOFFICE_VIEWER, api: SETTINGS_API } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Die Einstellungen stehen Ihrer Rolle nicht zur Verfügung.')).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await canvas.findByText('Published version 2 applies.', {}, { timeout: 10_000 });
    await canvas.findByRole('table', { name: 'Versions' }, { timeout: 10_000 });
  },
};
