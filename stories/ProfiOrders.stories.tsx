import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ProfiOrders } from '../blocks/ProfiOrders/index.ts';
import { NOT_SELLER_API, PROFI_API, SELLER } from './fixtures/storyProfi.ts';
import { withStorySession } from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/ProfiOrders',
  component: ProfiOrders,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
  parameters: { session: { user: SELLER, api: PROFI_API } },
} satisfies Meta<typeof ProfiOrders>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The first page, then "more" appends the next and moves the focus to its first row. */
export const Seller: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Ihre Aufträge' }, { timeout: 10_000 });
    await expect(within(table).getAllByRole('row')).toHaveLength(4);
    await expect(within(table).getAllByRole('row')[3]).toHaveTextContent('Storniert');
    await expect(within(table).getByText('dsl-50')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Als CSV herunterladen' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Als Excel (XLSX) herunterladen' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Weitere Aufträge laden' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(5));
    await waitFor(() => expect(within(table).getByText('AU-P-0004')).toHaveFocus());
    await expect(canvas.queryByRole('button', { name: 'Weitere Aufträge laden' })).toBeNull();
    await expect(canvas.getByText('1 weiterer Auftrag geladen')).toBeInTheDocument();
  },
};

/** The status filter and the order are labelled selects. */
export const Filter: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: 'Ihre Aufträge' }, { timeout: 10_000 });
    await userEvent.selectOptions(canvas.getByLabelText('Auftragsstatus'), 'Freigegeben');
    await userEvent.selectOptions(canvas.getByLabelText('Reihenfolge'), 'oldest');
    await userEvent.click(canvas.getByRole('button', { name: 'Anzeigen' }));
    await canvas.findByRole('table', { name: 'Ihre Aufträge' }, { timeout: 10_000 });
  },
};

export const NotASeller: Story = {
  parameters: { session: { user: SELLER, api: NOT_SELLER_API } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('link', { name: 'Als Profi-Verkäufer registrieren' }, { timeout: 10_000 }),
    ).toBeVisible();
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Your orders' }, { timeout: 10_000 });
    await expect(within(table).getAllByRole('row')[3]).toHaveTextContent('Cancelled');
  },
};
