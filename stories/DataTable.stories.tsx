import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { DataTable, type DataTableProps } from '../runtime/index.ts';
import { withSuspense } from './fixtures/storyProducts.tsx';
import {
  inMemoryReport,
  recommendationColumns,
  type StoryRecommendation,
  storyRecommendations,
} from './fixtures/storyReport.tsx';

/** The one table of the reports (issue 11), here with the recommender's recommendations from memory. */
function RecommendationTable(props: DataTableProps<StoryRecommendation>) {
  return <DataTable {...props} />;
}

const meta = {
  title: 'Runtime/DataTable',
  component: RecommendationTable,
  globals: { language: 'de' },
  args: {
    caption: 'report.empfehlungen.caption',
    columns: recommendationColumns,
    load: inMemoryReport(storyRecommendations),
    rowKey: (row) => row.Empfehlungsnummer,
    initialOrder: { OrderBy: 'Datum', Descending: true },
    empty: 'report.empfehlungen.empty',
    onExport: fn(async () => undefined),
  },
  decorators: [withSuspense],
} satisfies Meta<typeof RecommendationTable>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Page 1 of 3, newest first: a captioned table whose sortable headers are buttons. */
export const FirstPage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('57 Einträge. Seite 1 von 3')).toBeVisible();
    const table = canvas.getByRole('table', { name: 'Ihre Empfehlungen' });
    await expect(within(table).getAllByRole('row')).toHaveLength(21);
    await expect(canvas.getByRole('columnheader', { name: 'Datum' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(canvas.getByRole('columnheader', { name: 'Produkt' })).not.toHaveAttribute('aria-sort');
    await expect(canvas.getByRole('button', { name: 'Vorherige Seite' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(canvas.getByRole('button', { name: 'Nächste Seite' })).not.toHaveAttribute('aria-disabled');
  },
};

export const SortedByStatus: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('57 Einträge. Seite 1 von 3');
    await userEvent.click(canvas.getByRole('button', { name: 'Status' }));
    const header = canvas.getByRole('columnheader', { name: 'Status' });
    await waitFor(() => expect(header).toHaveAttribute('aria-sort', 'ascending'));
    await waitFor(() =>
      expect(within(canvas.getByRole('table')).getAllByRole('cell', { name: 'Abgelaufen' })).toHaveLength(9),
    );
    await expect(canvas.getByRole('columnheader', { name: 'Datum' })).not.toHaveAttribute('aria-sort');
  },
};

export const LastPage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('57 Einträge. Seite 1 von 3');
    await userEvent.click(canvas.getByRole('button', { name: 'Letzte Seite' }));
    await expect(await canvas.findByText('57 Einträge. Seite 3 von 3')).toBeVisible();
    await expect(within(canvas.getByRole('table')).getAllByRole('row')).toHaveLength(18);
    await expect(canvas.getByRole('button', { name: 'Nächste Seite' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  },
};

export const Filtered: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('57 Einträge. Seite 1 von 3');
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Status' }), 'Storniert');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Empfehlungsnummer' }), '471000001');
    await userEvent.click(canvas.getByRole('button', { name: 'Filter anwenden' }));
    await expect(await canvas.findByText('2 Einträge. Seite 1 von 1')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Filter zurücksetzen' }));
    await expect(await canvas.findByText('57 Einträge. Seite 1 von 3')).toBeVisible();
  },
};

export const Empty: Story = {
  args: { load: inMemoryReport<StoryRecommendation>([]) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      'Sie haben noch keine Empfehlung abgegeben – oder keine passt zum Filter.',
    );
    await expect(canvas.getByRole('cell')).toHaveTextContent('Sie haben noch keine Empfehlung abgegeben');
  },
};

/** The first page is on its way: placeholder rows hold the table's height. */
export const Loading: Story = {
  args: { load: () => new Promise(() => undefined) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Tabelle wird geladen …');
    await expect(canvas.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    await expect(canvasElement.querySelectorAll('tbody tr[aria-hidden="true"]')).toHaveLength(20);
  },
};

export const Export: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('57 Einträge. Seite 1 von 3');
    const group = canvas.getByRole('group', { name: 'Liste herunterladen' });
    await userEvent.click(
      within(group).getByRole('button', { name: 'Als Excel-Datei (XLSX) herunterladen' }),
    );
    await expect(args.onExport).toHaveBeenCalledWith('xlsx', { OrderBy: 'Datum', Descending: true });
  },
};

export const English: Story = {
  globals: { language: 'en' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('57 entries. Page 1 of 3')).toBeVisible();
    await expect(canvas.getByRole('table', { name: 'Your recommendations' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Next page' })).toBeVisible();
  },
};
