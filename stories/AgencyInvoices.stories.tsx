import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AgencyInvoices } from '../blocks/AgencyInvoices/index.ts';
import { AGENCY_API, EMPLOYEE, OWNER } from './fixtures/storyAgency.ts';
import { withStorySession } from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/AgencyInvoices',
  component: AgencyInvoices,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
  parameters: { session: { agencyUser: OWNER, api: AGENCY_API } },
} satisfies Meta<typeof AgencyInvoices>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The credit notes, newest month first, each with its PDF. */
export const Owner: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Gutschriften' })).toBeVisible();
    const table = await canvas.findByRole(
      'table',
      { name: 'Gutschriften Ihrer Agentur' },
      { timeout: 10_000 },
    );
    const rows = await within(table).findAllByRole('row');
    await expect(rows[1]).toHaveTextContent('GS-A-1001-00002');
    await expect(rows[1]).toHaveTextContent('03/2026');
    await expect(rows[1]).toHaveTextContent('249,90 €');
    await expect(
      canvas.getByRole('button', { name: 'Gutschrift GS-A-1001-00001 als PDF herunterladen' }),
    ).toBeVisible();
  },
};

/** Employees have no invoices (SPEC 6). */
export const Employee: Story = {
  parameters: { session: { agencyUser: EMPLOYEE, api: AGENCY_API } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/Dieser Bereich ist für Ihre Rolle nicht freigegeben/)).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: 'Your agency’s credit notes' }, { timeout: 10_000 });
    await expect(
      await canvas.findByRole('button', { name: 'Download credit note GS-A-1001-00002 as PDF' }),
    ).toBeVisible();
  },
};
