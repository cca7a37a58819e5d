import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AgencyStatistics } from '../blocks/AgencyStatistics/index.ts';
import { AGENCY_API, OWNER } from './fixtures/storyAgency.ts';
import { withStorySession } from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/AgencyStatistics',
  component: AgencyStatistics,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
  parameters: { session: { agencyUser: OWNER, api: AGENCY_API } },
} satisfies Meta<typeof AgencyStatistics>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Four months: the totals in words, the chart and every figure in the table. */
export const Months: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Statistik' })).toBeVisible();
    await expect(
      await canvas.findByText(
        'Verlauf pro Monat: insgesamt 54 Einladungen, 42 Empfehlungen und 22 Aufträge.',
        undefined,
        { timeout: 10_000 },
      ),
    ).toBeVisible();
    const table = await canvas.findByRole('table', { name: 'Zahlen im Zeitraum' }, { timeout: 10_000 });
    const rows = await within(table).findAllByRole('row');
    await expect(rows).toHaveLength(5);
    await expect(rows[1]).toHaveTextContent('01/2026');
    await expect(canvas.getByLabelText(/^Von( \*)?$/)).toBeVisible();
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: 'Figures in the period' }, { timeout: 10_000 });
    await expect(
      canvas.getByText('Per month: 54 invitations, 42 recommendations and 22 orders in total.'),
    ).toBeVisible();
  },
};
