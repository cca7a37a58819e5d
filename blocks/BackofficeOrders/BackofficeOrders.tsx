import { type FormEvent, useId, useMemo, useState } from 'react';
import {
  DataTable,
  type DataTableColumn,
  downloadOrderSearch,
  fetchOrderSearch,
  formatDateTime,
  RouteLink,
  useT,
} from '../../runtime/index.ts';
import { ORDER_STATES, type OrderSearchRow, REVIEW_STATES } from '../../schemas/backofficeOrders.ts';
import { RECOMMENDATION_STATUSES } from '../../schemas/personalArea.ts';
import styles from '../shared/backoffice/BackofficeOrders.module.css';
import type { BackofficeOrdersProps } from './schema.ts';

/**
 * Orders and recommendations in the back office (issue 15): one search field (Empfehlungsnummer, code,
 * Auftragsnummer or an e-mail address), the list with sorting, filters and CSV/XLSX export, and a link from
 * each row to the recommendation's page with its timeline and actions. Every back-office role reads.
 */
export function BackofficeOrders({
  headline = 'backoffice.orders.headline',
  intro = 'backoffice.orders.intro',
}: BackofficeOrdersProps) {
  const t = useT();
  const id = useId();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');

  const columns = useMemo<DataTableColumn<OrderSearchRow>[]>(
    () => [
      {
        id: 'Empfehlungsnummer',
        header: 'backoffice.orders.column.Empfehlungsnummer',
        sortable: true,
        filter: { type: 'text' },
        cell: (row) => (
          <RouteLink
            to="BackofficeOrder"
            params={{ empfehlungsnummer: row.Empfehlungsnummer }}
            className={styles.link}
          >
            {row.Empfehlungsnummer}
          </RouteLink>
        ),
      },
      {
        id: 'Erstellt',
        header: 'backoffice.orders.column.Erstellt',
        sortable: true,
        filter: { type: 'date' },
        cell: (row) => formatDateTime(row.Erstellt),
      },
      {
        id: 'Status',
        header: 'backoffice.orders.column.Status',
        sortable: true,
        filter: {
          type: 'enum',
          options: RECOMMENDATION_STATUSES.map((value) => ({
            value,
            label: `backoffice.orders.recommendationStatus.${value}`,
          })),
        },
        cell: (row) => t(`backoffice.orders.recommendationStatus.${row.Status}`),
      },
      { id: 'Empfehler', header: 'backoffice.orders.column.Empfehler', cell: (row) => row.Empfehler ?? '–' },
      {
        id: 'Empfaenger',
        header: 'backoffice.orders.column.Empfaenger',
        cell: (row) => row.Empfaenger ?? '–',
      },
      { id: 'Produkt', header: 'backoffice.orders.column.Produkt', cell: (row) => row.Produkt ?? '–' },
      {
        id: 'Auftragsnummer',
        header: 'backoffice.orders.column.Auftragsnummer',
        cell: (row) => row.Auftragsnummer ?? '–',
      },
      {
        id: 'Auftragsstatus',
        header: 'backoffice.orders.column.Auftragsstatus',
        filter: {
          type: 'enum',
          options: ORDER_STATES.map((value) => ({ value, label: `backoffice.orders.orderState.${value}` })),
        },
        cell: (row) => t(`backoffice.orders.orderState.${row.Auftragsstatus}`),
      },
      {
        id: 'Pruefung',
        header: 'backoffice.orders.column.Pruefung',
        filter: {
          type: 'enum',
          options: REVIEW_STATES.map((value) => ({ value, label: `backoffice.orders.review.${value}` })),
        },
        cell: (row) => t(`backoffice.orders.review.${row.Pruefung}`),
      },
    ],
    [t],
  );

  const load = useMemo(
    () => (query: Parameters<typeof fetchOrderSearch>[1]) => fetchOrderSearch(search, query),
    [search],
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    setSearch(draft.trim());
  }

  return (
    <section className={styles.section} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline)}</h1>
        <p>{t(intro)}</p>
        {/* biome-ignore lint/a11y/useSemanticElements: <search> is unknown to jsdom and to browsers before 2023 */}
        <form
          role="search"
          aria-label={t('backoffice.orders.searchRegion')}
          className={styles.search}
          onSubmit={submit}
        >
          <label htmlFor={`${id}-search`}>
            {t('backoffice.orders.search')}
            <input
              id={`${id}-search`}
              type="search"
              value={draft}
              maxLength={254}
              autoComplete="off"
              aria-describedby={`${id}-search-hint`}
              onChange={(event) => setDraft(event.target.value)}
            />
          </label>
          <button type="submit" className="button">
            {t('backoffice.orders.searchButton')}
          </button>
        </form>
        <p id={`${id}-search-hint`}>{t('backoffice.orders.searchHint')}</p>
        <div className={styles.block}>
          <DataTable<OrderSearchRow>
            key={search}
            caption="backoffice.orders.caption"
            empty="backoffice.orders.empty"
            columns={columns}
            load={load}
            rowKey={(row) => row.Empfehlungsnummer}
            initialOrder={{ OrderBy: 'Erstellt', Descending: true }}
            onExport={(format, query) => downloadOrderSearch(search, format, query)}
          />
        </div>
      </div>
    </section>
  );
}
