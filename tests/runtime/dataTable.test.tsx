import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import baseDe from '../../mandants/_base/i18n/de.json';
import { DataTable, type DataTableProps } from '../../runtime/index.ts';
import { rangeValue, tableExportQuery, tableReportQuery } from '../../runtime/table/tableQuery.ts';
import type { BootData } from '../../schemas/api.ts';
import type { ReportQuery } from '../../schemas/reportQuery.ts';
import {
  inMemoryReport,
  recommendationColumns,
  type StoryRecommendation,
  storyRecommendations,
} from '../../stories/fixtures/storyReport.tsx';
import { renderInRuntime, sampleBootData } from './fixtures.tsx';

// Issue 11: the one table. Sorting, filtering and paging are the server's: the table only turns clicks
// into SPEC 3's report query (OrderBy, Descending, Pagesize, Pagenumber, Filter) and shows the answer.

function boot(): BootData {
  return {
    ...sampleBootData(),
    languageContent: Object.entries(baseDe).map(([Key, Value]) => ({ Key, Value })),
  };
}

async function renderTable(overrides: Partial<DataTableProps<StoryRecommendation>> = {}) {
  const load = vi.fn(inMemoryReport(storyRecommendations));
  const props: DataTableProps<StoryRecommendation> = {
    caption: 'report.empfehlungen.caption',
    columns: recommendationColumns,
    load,
    rowKey: (row) => row.Empfehlungsnummer,
    initialOrder: { OrderBy: 'Datum', Descending: true },
    ...overrides,
  };
  await act(async () => {
    renderInRuntime(
      <Suspense fallback={<p>…</p>}>
        <DataTable {...props} />
      </Suspense>,
      { boot: boot() },
    );
  });
  await screen.findByRole('table');
  return { load: (overrides.load ?? load) as typeof load };
}

const lastQuery = (load: { mock: { calls: [ReportQuery][] } }) => load.mock.calls.at(-1)?.[0];
const status = () => screen.getByRole('status').textContent;
const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('DataTable', () => {
  it('is a captioned table with column headers; the first load asks for page 1 in the initial order', async () => {
    const { load } = await renderTable();
    await waitFor(() => expect(status()).toBe('57 Einträge. Seite 1 von 3'));
    expect(load).toHaveBeenCalledTimes(1);
    expect(lastQuery(load)).toEqual({ OrderBy: 'Datum', Descending: true, Pagesize: 20, Pagenumber: 1 });
    const table = screen.getByRole('table', { name: 'Ihre Empfehlungen' });
    expect(table.querySelector('caption')?.textContent).toBe('Ihre Empfehlungen');
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.getAttribute('scope'))).toEqual(Array(7).fill('col'));
    expect(screen.getByRole('columnheader', { name: 'Datum' }).getAttribute('aria-sort')).toBe('descending');
    expect(bodyRows()).toHaveLength(20);
    // Only sortable columns have a sort button.
    expect(within(screen.getByRole('columnheader', { name: 'Produkt' })).queryByRole('button')).toBeNull();
  });

  it('sends OrderBy and Descending when a header is clicked, from page 1 again', async () => {
    const { load } = await renderTable();
    await waitFor(() => expect(status()).toBe('57 Einträge. Seite 1 von 3'));
    fireEvent.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    await waitFor(() => expect(lastQuery(load)).toMatchObject({ Pagenumber: 2 }));
    fireEvent.click(screen.getByRole('button', { name: 'Status' }));
    await waitFor(() =>
      expect(lastQuery(load)).toEqual({ OrderBy: 'Status', Descending: false, Pagesize: 20, Pagenumber: 1 }),
    );
    expect(screen.getByRole('columnheader', { name: 'Status' }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByRole('columnheader', { name: 'Datum' }).getAttribute('aria-sort')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Status' }));
    await waitFor(() => expect(lastQuery(load)).toMatchObject({ OrderBy: 'Status', Descending: true }));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: 'Status' }).getAttribute('aria-sort')).toBe(
        'descending',
      ),
    );
  });

  it('pages forward, to the end and back; unavailable steps are aria-disabled, not removed', async () => {
    const { load } = await renderTable();
    await waitFor(() => expect(status()).toBe('57 Einträge. Seite 1 von 3'));
    const button = (name: string) => screen.getByRole('button', { name });
    expect(button('Erste Seite').getAttribute('aria-disabled')).toBe('true');
    expect(button('Vorherige Seite').getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button('Vorherige Seite'));
    fireEvent.click(button('Nächste Seite'));
    await waitFor(() => expect(status()).toBe('57 Einträge. Seite 2 von 3'));
    expect(lastQuery(load)).toMatchObject({ Pagenumber: 2, Pagesize: 20 });
    fireEvent.click(button('Letzte Seite'));
    await waitFor(() => expect(status()).toBe('57 Einträge. Seite 3 von 3'));
    expect(bodyRows()).toHaveLength(17);
    expect(button('Nächste Seite').getAttribute('aria-disabled')).toBe('true');
    const calls = load.mock.calls.length;
    fireEvent.click(button('Nächste Seite'));
    expect(load.mock.calls.length).toBe(calls);
    fireEvent.click(button('Erste Seite'));
    await waitFor(() => expect(lastQuery(load)).toMatchObject({ Pagenumber: 1 }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Einträge pro Seite' }), {
      target: { value: '50' },
    });
    await waitFor(() => expect(status()).toBe('57 Einträge. Seite 1 von 2'));
    expect(lastQuery(load)).toMatchObject({ Pagenumber: 1, Pagesize: 50 });
  });

  it('sends the filter form as Filter, from page 1, and resets it', async () => {
    const { load } = await renderTable();
    await waitFor(() => expect(status()).toBe('57 Einträge. Seite 1 von 3'));
    fireEvent.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    await waitFor(() => expect(lastQuery(load)).toMatchObject({ Pagenumber: 2 }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'Offen' } });
    fireEvent.change(screen.getByLabelText('Datum von'), { target: { value: '2026-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter anwenden' }));
    await waitFor(() =>
      expect(lastQuery(load)).toEqual({
        OrderBy: 'Datum',
        Descending: true,
        Filter: { Datum: '2026-01-01..', Status: 'Offen' },
        Pagesize: 20,
        Pagenumber: 1,
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Filter zurücksetzen' }));
    await waitFor(() => expect(lastQuery(load)?.Filter).toBeUndefined());
  });

  it('shows the empty state in the table and the status', async () => {
    await renderTable({ load: vi.fn(inMemoryReport<StoryRecommendation>([])) });
    await waitFor(() => expect(status()).toBe('Keine Einträge gefunden.'));
    expect(bodyRows()).toHaveLength(1);
    expect(screen.getByRole('cell').textContent).toBe('Keine Einträge gefunden.');
    expect(screen.getByRole('cell').getAttribute('colspan')).toBe('7');
  });

  it('keeps the table’s height while loading: placeholder rows first, then the previous page stays', async () => {
    let answer: (page: Awaited<ReturnType<ReturnType<typeof inMemoryReport<StoryRecommendation>>>>) => void =
      () => {};
    const memory = inMemoryReport(storyRecommendations);
    const load = vi.fn(
      (query: ReportQuery) =>
        new Promise<Awaited<ReturnType<typeof memory>>>((resolve) => {
          answer = resolve;
          void query;
        }),
    );
    await renderTable({ load });
    expect(status()).toBe('Tabelle wird geladen …');
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('table').querySelectorAll('tbody tr[aria-hidden="true"]')).toHaveLength(20);
    await act(async () => answer(await memory({ Pagesize: 20, Pagenumber: 1 })));
    expect(status()).toBe('57 Einträge. Seite 1 von 3');
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    expect(status()).toBe('Tabelle wird geladen …');
    expect(bodyRows()).toHaveLength(20);
    expect(screen.getByRole('table').querySelectorAll('tbody tr[aria-hidden="true"]')).toHaveLength(0);
  });

  it('shows a failure with a retry that loads again', async () => {
    const load = vi
      .fn<DataTableProps<StoryRecommendation>['load']>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockImplementation(inMemoryReport(storyRecommendations));
    await renderTable({ load });
    await screen.findByRole('alert');
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    await waitFor(() => expect(status()).toBe('57 Einträge. Seite 1 von 3'));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('exports with the current order and filter', async () => {
    const onExport = vi.fn(async () => undefined);
    await renderTable({ onExport });
    await waitFor(() => expect(status()).toBe('57 Einträge. Seite 1 von 3'));
    fireEvent.click(screen.getByRole('button', { name: 'Status' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Empfehlungsnummer' }), {
      target: { value: ' 4710 ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Filter anwenden' }));
    fireEvent.click(screen.getByRole('button', { name: 'Als CSV herunterladen' }));
    await waitFor(() =>
      expect(onExport).toHaveBeenCalledWith('csv', {
        OrderBy: 'Status',
        Descending: false,
        Filter: { Empfehlungsnummer: '4710' },
      }),
    );
  });
});

describe('table state → report query', () => {
  it('counts pages from 1, leaves out an empty order and empty filters', () => {
    expect(
      tableReportQuery({
        sorting: [],
        columnFilters: [{ id: 'Name', value: '' }],
        pagination: { pageIndex: 2, pageSize: 10 },
      }),
    ).toEqual({ Pagesize: 10, Pagenumber: 3 });
    expect(
      tableExportQuery({
        sorting: [{ id: 'Datum', desc: false }],
        columnFilters: [{ id: 'Status', value: 'Ok' }],
      }),
    ).toEqual({ OrderBy: 'Datum', Descending: false, Filter: { Status: 'Ok' } });
  });

  it.each([
    ['', '', ''],
    ['2026-01-01', '', '2026-01-01..'],
    ['', '2026-01-31', '..2026-01-31'],
    ['2026-01-01', '2026-01-31', '2026-01-01..2026-01-31'],
    ['5', '5', '5'],
  ])('range %j to %j is %j', (from, to, value) => {
    expect(rangeValue(from, to)).toBe(value);
  });
});
