import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { BackofficeVouchers } from '../blocks/BackofficeVouchers/index.ts';
import { VOUCHERS_API } from './fixtures/storyBackofficePayouts.ts';
import { settledFormValidator } from './fixtures/storyForms.ts';
import { BACKOFFICE_VIEWER, backofficeUser, withStorySession } from './fixtures/storySession.tsx';

const FINANCE = backofficeUser('Fiona Finanzen', 'finanzen@netzplus.example', ['finance']);

const meta = {
  title: 'Blocks/BackofficeVouchers',
  component: BackofficeVouchers,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
  parameters: { session: { backofficeUser: FINANCE, api: VOUCHERS_API } },
} satisfies Meta<typeof BackofficeVouchers>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Stock per pool, the low pool called out, the threshold form; an upload with a bad row lists its line. */
export const Finance: Story = {
  loaders: [settledFormValidator('voucherThreshold')],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Gutscheine' })).toBeVisible();
    const table = await canvas.findByRole('table', { name: 'Gutschein-Pools' }, { timeout: 10_000 });
    await within(table).findByText('Streaming-Guthaben');
    await canvas.findByRole('heading', { level: 2, name: 'Bestand niedrig' });
    await userEvent.click(
      within(table).getByRole('button', { name: 'Meldeschwelle für Streaming-Guthaben ändern' }),
    );
    await canvas.findByRole('heading', { level: 2, name: 'Meldeschwelle für Streaming-Guthaben' });
    await userEvent.upload(
      canvas.getByLabelText('CSV-Datei'),
      new File(['PraemieId;Code\nwunschgutschein;OK-0001\nwunschgutschein;x\n'], 'codes.csv', {
        type: 'text/csv',
      }),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Codes importieren' }));
    await canvas.findByText(/^Zeile 3: Der Code muss/);
  },
};

/** A role without `vouchers` (the guard keeps it away; the block says so too). */
export const Viewer: Story = {
  parameters: { session: { backofficeUser: BACKOFFICE_VIEWER, api: VOUCHERS_API } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('table')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Codes importieren' })).toBeNull();
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Vouchers' })).toBeVisible();
    await canvas.findByRole('table', { name: 'Voucher pools' }, { timeout: 10_000 });
  },
};
