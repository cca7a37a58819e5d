import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { BackofficePayouts } from '../blocks/BackofficePayouts/index.ts';
import { PAYOUTS_API } from './fixtures/storyBackofficePayouts.ts';
import { BACKOFFICE_VIEWER, backofficeUser, withStorySession } from './fixtures/storySession.tsx';

const FINANCE = backofficeUser('Fiona Finanzen', 'finanzen@netzplus.example', ['finance']);

const meta = {
  title: 'Blocks/BackofficePayouts',
  component: BackofficePayouts,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
  parameters: { session: { backofficeUser: FINANCE, api: PAYOUTS_API } },
} satisfies Meta<typeof BackofficePayouts>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Finance: the form for a new run, the runs, and a run's detail with download and "executed", its rewards
 * and the profi-seller credit notes it pays.
 */
export const Finance: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Auszahlungen' })).toBeVisible();
    await canvas.findByRole('button', { name: 'Auszahlungslauf anlegen' }, { timeout: 10_000 });
    const table = await canvas.findByRole('table', { name: 'Auszahlungsläufe' }, { timeout: 10_000 });
    await userEvent.click(
      await within(table).findByRole('button', { name: 'Details zum Lauf vom 01.12.2026' }),
    );
    await canvas.findByRole('heading', { level: 2, name: 'Auszahlungslauf vom 01.12.2026' });
    await expect(canvas.getByRole('button', { name: 'SEPA-Datei herunterladen' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Als ausgeführt markieren' })).toBeVisible();
    const rewards = await canvas.findByRole('table', { name: 'Prämien in diesem Lauf' });
    await within(rewards).findByText('DE75 **** **** **** **61 99');
    const notes = await canvas.findByRole('table', {
      name: 'Gutschriften von Profi-Verkäufern in diesem Lauf',
    });
    await within(notes).findByText('GS-P-000007');
    await expect(within(notes).getByText('DE02 **** **** **** **20 51')).toBeVisible();
    await expect(within(notes).getByText(/^119,00\s€$/)).toBeVisible();
  },
};

/** A viewer sees runs, rewards and credit notes, but no form and no action. */
export const Viewer: Story = {
  parameters: { session: { backofficeUser: BACKOFFICE_VIEWER, api: PAYOUTS_API } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Auszahlungsläufe' }, { timeout: 10_000 });
    await userEvent.click(await within(table).findByRole('button', { name: /^Details/ }));
    await canvas.findByRole('table', { name: 'Prämien in diesem Lauf' });
    await canvas.findByRole('table', { name: 'Gutschriften von Profi-Verkäufern in diesem Lauf' });
    await expect(canvas.queryByRole('button', { name: 'Auszahlungslauf anlegen' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'SEPA-Datei herunterladen' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Als ausgeführt markieren' })).toBeNull();
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
    const table = await canvas.findByRole('table', { name: 'Payout runs' }, { timeout: 10_000 });
    await userEvent.click(await within(table).findByRole('button', { name: /^Details of the run/ }));
    const notes = await canvas.findByRole('table', { name: 'Profi-seller credit notes in this run' });
    await within(notes).findByText('P-100001');
  },
};
