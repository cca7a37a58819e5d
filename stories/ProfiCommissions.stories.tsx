import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ProfiCommissions } from '../blocks/ProfiCommissions/index.ts';
import { PROFI_API, SELLER } from './fixtures/storyProfi.ts';
import { withStorySession } from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/ProfiCommissions',
  component: ProfiCommissions,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
  parameters: { session: { user: SELLER, api: PROFI_API } },
} satisfies Meta<typeof ProfiCommissions>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Each line with its status and the plain explanation of why. */
export const Seller: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Ihre Provisionen' }, { timeout: 10_000 });
    const rows = within(table).getAllByRole('row');
    await expect(rows).toHaveLength(4);
    await expect(rows[2]).toHaveTextContent('Freigegeben');
    await expect(rows[2]).toHaveTextContent('45,00 €');
    await expect(rows[2]).toHaveTextContent('kommt auf Ihre nächste monatliche Gutschrift');
    await expect(rows[3]).toHaveTextContent('GS-P-000002');
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Your commissions' }, { timeout: 10_000 });
    await expect(within(table).getByText('The order is still waiting for our confirmation.')).toBeVisible();
  },
};
