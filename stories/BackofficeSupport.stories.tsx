import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { BackofficeSupport } from '../blocks/BackofficeSupport/index.ts';
import { SUPPORT_API } from './fixtures/storyBackofficeSupport.ts';
import { settledFormValidator } from './fixtures/storyForms.ts';
import { BACKOFFICE_OPERATOR, withStorySession } from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/BackofficeSupport',
  component: BackofficeSupport,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
  parameters: { session: { backofficeUser: BACKOFFICE_OPERATOR, api: SUPPORT_API } },
} satisfies Meta<typeof BackofficeSupport>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The operator: the search, the list, and a recommender's card with the actions. */
export const Operator: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Support für Empfehler' })).toBeVisible();
    const table = await canvas.findByRole('table', { name: 'Gefundene Empfehler' }, { timeout: 10_000 });
    await userEvent.click(await within(table).findByRole('button', { name: 'Anna Beispiel öffnen' }));
    await canvas.findByRole('heading', { level: 2, name: 'Empfehler: Anna Beispiel' });
    await expect(canvas.getByRole('button', { name: /^Ansicht des Empfehlers öffnen/ })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Newsletter-Bestätigung erneut senden' })).toBeVisible();
    await expect(canvas.getByText('Hinterlegt')).toBeVisible();
  },
};

/** The erasure asks for the e-mail again in a modal dialog. */
export const EraseDialog: Story = {
  loaders: [settledFormValidator('backofficeErase')],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Gefundene Empfehler' }, { timeout: 10_000 });
    await userEvent.click(await within(table).findByRole('button', { name: 'Anna Beispiel öffnen' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Daten löschen (DSGVO)' }));
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', {
      name: 'Daten endgültig löschen?',
    });
    await expect(dialog).toBeVisible();
    // The form in the dialog loads its validator lazily: wait for its field, so the story ends settled.
    await expect(await within(dialog).findByRole('textbox', {}, { timeout: 10_000 })).toBeVisible();
    await within(dialog).findByRole('button', { name: 'Endgültig löschen' }, { timeout: 10_000 });
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Support for recommenders' })).toBeVisible();
    await canvas.findByRole('table', { name: 'Recommenders found' }, { timeout: 10_000 });
  },
};
