import {
  type ColumnDef,
  type ColumnFiltersState,
  columnFilteringFeature,
  type Header,
  type PaginationState,
  rowPaginationFeature,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { REPORT_DEFAULT_PAGE_SIZE, REPORT_MAX_PAGE_SIZE } from '../../schemas/constants.ts';
import {
  REPORT_EXPORT_FORMATS,
  type ReportExportFormat,
  type ReportPage,
} from '../../schemas/reportQuery.ts';
import { useT } from '../i18n/useT.ts';
import { FailureMessage } from '../page/FailureMessage.tsx';
import styles from './DataTable.module.css';
import type { DataTableColumn, DataTableProps } from './DataTableProps.ts';
import { rangeValue, tableExportQuery, tableReportQuery } from './tableQuery.ts';

/** TanStack Table holds sorting, filters and paging; the server does all three (manual mode). */
const features = tableFeatures({ rowSortingFeature, columnFilteringFeature, rowPaginationFeature });
type Features = typeof features;

const DEFAULT_PAGE_SIZES = [10, 20, 50, 100] as const;
const NO_ROWS: never[] = [];

type Loaded<Row> =
  | { state: 'loading'; page: ReportPage<Row> | null }
  | { state: 'done'; page: ReportPage<Row> }
  | { state: 'failed'; page: ReportPage<Row> | null; error: unknown };

/**
 * One table for every report (issue 11): a real `<table>` whose sorting, filtering and paging run on the
 * server through `load` with SPEC 3's report query. While a page loads the previous one stays in place
 * (the first load shows placeholder rows), so nothing below the table jumps. Load it through `DataTable`
 * from the runtime's entry, which is lazy: TanStack Table is never on a first-paint route.
 */
export function DataTable<Row extends object>({
  caption,
  columns,
  load,
  rowKey,
  initialOrder,
  pageSize = REPORT_DEFAULT_PAGE_SIZE,
  pageSizes = DEFAULT_PAGE_SIZES,
  onExport,
  empty = 'table.empty',
}: DataTableProps<Row>) {
  const t = useT();
  const id = useId();
  const [sorting, setSorting] = useState<SortingState>(
    initialOrder ? [{ id: initialOrder.OrderBy, desc: initialOrder.Descending }] : [],
  );
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>([]);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize });
  const [result, setResult] = useState<Loaded<Row>>({ state: 'loading', page: null });
  const [attempt, setAttempt] = useState(0);
  // The latest `load` without reloading when a parent passes a new function for the same report.
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry's reason to load again
  useEffect(() => {
    let current = true;
    setResult((previous) => ({ state: 'loading', page: previous.page }));
    loadRef.current(tableReportQuery({ sorting, columnFilters, pagination })).then(
      (page) => {
        if (current) setResult({ state: 'done', page });
      },
      (error: unknown) => {
        if (current) setResult((previous) => ({ state: 'failed', page: previous.page, error }));
      },
    );
    return () => {
      current = false;
    };
  }, [sorting, columnFilters, pagination, attempt]);

  const columnDefs = useMemo<ColumnDef<Features, Row>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        accessorFn: (row: Row) => (row as Record<string, unknown>)[column.id],
        header: column.header,
        enableSorting: column.sortable === true,
        enableColumnFilter: column.filter !== undefined,
        sortDescFirst: false,
      })),
    [columns],
  );
  const toFirstPage = () => setPagination((previous) => ({ ...previous, pageIndex: 0 }));
  const page = result.page;
  const table = useTable({
    features,
    columns: columnDefs,
    data: page?.Content ?? NO_ROWS,
    getRowId: (row: Row) => rowKey(row),
    manualSorting: true,
    manualFiltering: true,
    manualPagination: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    rowCount: page?.TotalCount ?? 0,
    state: { sorting, columnFilters, pagination },
    onSortingChange: (updater) => {
      setSorting(updater);
      toFirstPage();
    },
    onColumnFiltersChange: (updater) => {
      setColumnFilters(updater);
      toFirstPage();
    },
    onPaginationChange: setPagination,
  });

  const byId = new Map(columns.map((column) => [column.id, column]));
  const loading = result.state === 'loading';
  const captionId = `${id}-caption`;
  const filterable = columns.filter((column) => column.filter);
  const choices = pageSizes.filter((size) => size >= 1 && size <= REPORT_MAX_PAGE_SIZE);

  return (
    <div className={styles.dataTable}>
      {filterable.length > 0 && (
        <FilterForm
          columns={filterable}
          onApply={(filters) => table.setColumnFilters(filters)}
          onReset={() => {
            if (columnFilters.length > 0) table.resetColumnFilters(true);
          }}
        />
      )}
      {onExport && (
        <ExportButtons
          onExport={(format) => onExport(format, tableExportQuery({ sorting, columnFilters }))}
        />
      )}
      <p role="status" className={styles.status}>
        {statusText(t, result, empty)}
      </p>
      {result.state === 'failed' && (
        <div className={styles.failure}>
          <FailureMessage error={result.error} onRetry={() => setAttempt((count) => count + 1)} />
        </div>
      )}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls; the keyboard must reach it (WCAG 2.1.1) */}
      <section className={styles.scroll} aria-labelledby={captionId} tabIndex={0}>
        <table className={styles.table} aria-busy={loading || undefined}>
          <caption id={captionId} className={styles.caption}>
            {t(caption)}
          </caption>
          <thead>
            <tr>
              {table.getHeaderGroups()[0]?.headers.map((header) => (
                <HeaderCell key={header.id} header={header} column={byId.get(header.column.id)} />
              ))}
            </tr>
          </thead>
          <tbody className={loading && page ? styles.stale : undefined}>
            {page === null ? (
              Array.from({ length: pagination.pageSize }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
                // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a row of empty cells is not focusable; hidden so that no one hears blank rows
                <tr key={index} aria-hidden="true" className={styles.placeholder}>
                  {columns.map((column) => (
                    <td key={column.id}>
                      <span className={styles.bar} />
                    </td>
                  ))}
                </tr>
              ))
            ) : page.Content.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className={styles.empty}>
                  {t(empty)}
                </td>
              </tr>
            ) : (
              table.getRowModel().rows.map((row) => (
                <tr key={row.id}>
                  {row.getAllCells().map((cell) => {
                    const column = byId.get(cell.column.id);
                    return (
                      <td key={cell.id} className={column?.numeric ? styles.numeric : undefined}>
                        {cellContent(column, row.original, cell.getValue())}
                      </td>
                    );
                  })}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </section>
      <nav className={styles.pages} aria-label={t('table.pagination.label')}>
        <PageButton label={t('table.first')} enabled={table.getCanPreviousPage()} onClick={table.firstPage} />
        <PageButton
          label={t('table.previous')}
          enabled={table.getCanPreviousPage()}
          onClick={table.previousPage}
        />
        <span className={styles.pageOf}>
          {t('table.page', { page: pagination.pageIndex + 1, pages: Math.max(1, table.getPageCount()) })}
        </span>
        <PageButton label={t('table.next')} enabled={table.getCanNextPage()} onClick={table.nextPage} />
        <PageButton label={t('table.last')} enabled={table.getCanNextPage()} onClick={table.lastPage} />
        {choices.length > 1 && (
          <span className={styles.pageSize}>
            <label htmlFor={`${id}-size`}>{t('table.pageSize')}</label>
            <select
              id={`${id}-size`}
              className={styles.select}
              value={pagination.pageSize}
              onChange={(event) =>
                table.setPagination({ pageIndex: 0, pageSize: Number(event.target.value) })
              }
            >
              {choices.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </span>
        )}
      </nav>
    </div>
  );
}

function statusText<Row>(t: ReturnType<typeof useT>, result: Loaded<Row>, empty: string): string {
  if (result.state === 'loading') return t('table.loading');
  const page = result.page;
  if (!page) return '';
  if (page.TotalCount === 0) return t(empty);
  return `${t('table.rows', { count: page.TotalCount })} ${t('table.page', {
    page: page.Pagenumber,
    pages: Math.max(1, page.PageCount),
  })}`;
}

function cellContent<Row>(column: DataTableColumn<Row> | undefined, row: Row, value: unknown): ReactNode {
  if (column?.cell) return column.cell(row);
  return value === null || value === undefined ? '' : String(value);
}

/** A column header; a sortable one holds a button and tells its order with aria-sort. */
function HeaderCell<Row extends object>({
  header,
  column,
}: {
  header: Header<Features, Row, unknown>;
  column: DataTableColumn<Row> | undefined;
}) {
  const t = useT();
  const label = t(column?.header ?? header.column.id);
  const sorted = header.column.getIsSorted();
  const className = column?.numeric ? styles.numeric : undefined;
  if (!header.column.getCanSort()) {
    return (
      <th scope="col" className={className}>
        {label}
      </th>
    );
  }
  return (
    <th
      scope="col"
      className={className}
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
    >
      <button type="button" className={styles.sortButton} onClick={header.column.getToggleSortingHandler()}>
        {label}
        <span aria-hidden="true" className={styles.sortIcon}>
          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
}

/**
 * A paging button. Unavailable steps stay focusable (aria-disabled, not disabled): the focus is not lost
 * when "next" reaches the last page.
 */
function PageButton({ label, enabled, onClick }: { label: string; enabled: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      className={styles.pageButton}
      aria-disabled={!enabled || undefined}
      onClick={() => {
        if (enabled) onClick();
      }}
    >
      {label}
    </button>
  );
}

/** The filter form: one field per filterable column (two for ranges), applied together. */
function FilterForm<Row>({
  columns,
  onApply,
  onReset,
}: {
  columns: readonly DataTableColumn<Row>[];
  onApply: (filters: ColumnFiltersState) => void;
  onReset: () => void;
}) {
  const t = useT();
  const id = useId();
  const field = (column: DataTableColumn<Row>, part = '') => `${id}-${column.id}${part}`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
    onApply(
      columns
        .map((column) => ({
          id: column.id,
          value:
            column.filter?.type === 'date' || column.filter?.type === 'number'
              ? rangeValue(text(`${column.id}.from`), text(`${column.id}.to`))
              : text(column.id).trim(),
        }))
        .filter((filter) => filter.value !== ''),
    );
  }

  return (
    <form className={styles.filters} onSubmit={submit} onReset={onReset}>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('table.filter.legend')}</legend>
        <div className={styles.fields}>
          {columns.map((column) => {
            const header = t(column.header);
            const filter = column.filter;
            if (filter?.type === 'date' || filter?.type === 'number') {
              const type = filter.type === 'date' ? 'date' : 'number';
              return (['from', 'to'] as const).map((part) => (
                <div key={`${column.id}.${part}`} className={styles.field}>
                  <label htmlFor={field(column, part)}>{t(`table.filter.${part}`, { column: header })}</label>
                  <input
                    id={field(column, part)}
                    name={`${column.id}.${part}`}
                    type={type}
                    step={type === 'number' ? 'any' : undefined}
                    className={styles.input}
                  />
                </div>
              ));
            }
            return (
              <div key={column.id} className={styles.field}>
                <label htmlFor={field(column)}>{header}</label>
                {filter?.type === 'enum' ? (
                  <select id={field(column)} name={column.id} className={styles.input} defaultValue="">
                    <option value="">{t('table.filter.all')}</option>
                    {filter.options.map((option) => (
                      <option key={option.value} value={option.value}>
                        {t(option.label)}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    id={field(column)}
                    name={column.id}
                    type="text"
                    maxLength={200}
                    autoComplete="off"
                    className={styles.input}
                  />
                )}
              </div>
            );
          })}
        </div>
        <div className={styles.actions}>
          <button type="submit" className="button">
            {t('table.filter.apply')}
          </button>
          <button type="reset" className={`button button-inverse ${styles.secondary}`}>
            {t('table.filter.reset')}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

/** Download buttons for the whole list in the table's order and filter. */
function ExportButtons({ onExport }: { onExport: (format: ReportExportFormat) => Promise<void> }) {
  const t = useT();
  const [busy, setBusy] = useState<ReportExportFormat | null>(null);
  const [failed, setFailed] = useState(false);

  async function run(format: ReportExportFormat) {
    if (busy) return;
    setBusy(format);
    setFailed(false);
    try {
      await onExport(format);
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of buttons, not a form's fieldset
    <div role="group" aria-label={t('table.export.label')} className={styles.exports}>
      {REPORT_EXPORT_FORMATS.map((format) => (
        <button
          key={format}
          type="button"
          className={`button button-inverse ${styles.secondary}`}
          aria-disabled={busy !== null || undefined}
          onClick={() => run(format)}
        >
          {busy === format ? t('table.export.busy') : t(`table.export.${format}`)}
        </button>
      ))}
      {failed && (
        <p role="alert" className={styles.exportFailed}>
          {t('table.export.failed')}
        </p>
      )}
    </div>
  );
}
