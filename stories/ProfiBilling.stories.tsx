import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ProfiBilling } from '../blocks/ProfiBilling/index.ts';
import { PROFI_API, SELLER } from './fixtures/storyProfi.ts';
import { withStorySession } from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/ProfiBilling',
  component: ProfiBilling,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
  parameters: { session: { user: SELLER, api: PROFI_API } },
} satisfies Meta<typeof ProfiBilling>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The credit notes, newest first, with net, VAT, gross, paid and the PDF. */
export const Seller: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Abrechnung' })).toBeVisible();
    const table = await canvas.findByRole('table', { name: 'Ihre Gutschriften' }, { timeout: 10_000 });
    const rows = within(table).getAllByRole('row');
    await expect(rows[1]).toHaveTextContent('10/2026');
    await expect(rows[1]).toHaveTextContent('17,10 € (19 %)');
    await expect(rows[1]).toHaveTextContent('107,10 €');
    await expect(rows[2]).toHaveTextContent('Noch nicht');
    await expect(
      canvas.getByRole('button', { name: 'Gutschrift GS-P-000001 als PDF herunterladen' }),
    ).toBeVisible();
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: 'Your credit notes' }, { timeout: 10_000 });
    await expect(
      canvas.getByRole('button', { name: 'Download credit note GS-P-000002 as PDF' }),
    ).toBeVisible();
  },
};
