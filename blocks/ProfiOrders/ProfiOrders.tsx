import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  downloadProfiOrders,
  failureMessage,
  fetchProfiOrders,
  PROFI_ORDER_SORTS,
  type ProfiOrderQuery,
  type ProfiOrderSort,
  useT,
} from '../../runtime/index.ts';
import { PROFI_AUFTRAG_STATUS, type ProfiAuftragStatus } from '../../schemas/profi.ts';
import styles from '../shared/agency/Agency.module.css';
import { MoreButton } from '../shared/MoreButton.tsx';
import profi from '../shared/profi/Profi.module.css';
import { ProfiOrderTable } from '../shared/profi/ProfiOrderTable.tsx';
import { ProfiFailure, ProfiLoading } from '../shared/profi/ProfiStates.tsx';
import { usePagedList } from '../shared/usePagedList.ts';
import type { ProfiOrdersProps } from './schema.ts';

/**
 * Every order attributed to the profi-seller (issue 16) with its lifecycle status and commission: a status
 * filter and the order (newest or oldest first) applied on the server, a page at a time behind "more"
 * (keyset paging, `X-Next-Cursor`), and the filtered list as CSV or XLSX.
 */
export function ProfiOrders({
  headline = 'profi.orders.headline',
  intro = 'profi.orders.intro',
}: ProfiOrdersProps) {
  const t = useT();
  const id = useId();
  const [query, setQuery] = useState<ProfiOrderQuery>({});
  const [status, setStatus] = useState<ProfiAuftragStatus | ''>('');
  const [sort, setSort] = useState<ProfiOrderSort>('newest');

  function apply(event: FormEvent) {
    event.preventDefault();
    setQuery({ Status: status || undefined, Sort: sort });
  }

  return (
    <section className={styles.section} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline)}</h1>
        <p>{t(intro)}</p>
        <form className={profi.filters} aria-label={t('profi.orders.filterLabel')} onSubmit={apply}>
          <div className={profi.field}>
            <label htmlFor={`${id}-status`}>{t('profi.orders.status')}</label>
            <select
              id={`${id}-status`}
              className={profi.select}
              value={status}
              onChange={(event) => setStatus(event.target.value as ProfiAuftragStatus | '')}
            >
              <option value="">{t('profi.orders.allStatuses')}</option>
              {PROFI_AUFTRAG_STATUS.map((value) => (
                <option key={value} value={value}>
                  {t(`profi.orderStatus.${value}`)}
                </option>
              ))}
            </select>
          </div>
          <div className={profi.field}>
            <label htmlFor={`${id}-order`}>{t('profi.orders.order')}</label>
            <select
              id={`${id}-order`}
              className={profi.select}
              value={sort}
              onChange={(event) => setSort(event.target.value as ProfiOrderSort)}
            >
              {PROFI_ORDER_SORTS.map((value) => (
                <option key={value} value={value}>
                  {t(`profi.orders.sort.${value}`)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={styles.small}>
            {t('profi.orders.apply')}
          </button>
        </form>
        <Exports query={query} />
        <OrderList key={`${query.Status ?? ''}-${query.Sort ?? ''}`} id={id} query={query} />
      </div>
    </section>
  );
}

function Exports({ query }: { query: ProfiOrderQuery }) {
  const t = useT();
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  async function download(format: 'csv' | 'xlsx') {
    if (busy) return;
    setBusy(format);
    setFailure(null);
    try {
      await downloadProfiOrders(format, query, t('profi.orders.file'));
    } catch (error) {
      setFailure(failureMessage(t, error));
    } finally {
      setBusy(null);
    }
  }
  return (
    <div className={styles.actions}>
      {(['csv', 'xlsx'] as const).map((format) => (
        <button
          key={format}
          type="button"
          className={styles.small}
          aria-disabled={busy !== null || undefined}
          onClick={() => void download(format)}
        >
          {busy === format ? t('profi.orders.downloading') : t(`profi.orders.export.${format}`)}
        </button>
      ))}
      {failure && (
        <p className={styles.alert} role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}

function OrderList({ id, query }: { id: string; query: ProfiOrderQuery }) {
  const t = useT();
  const [orders, more] = usePagedList((cursor) => fetchProfiOrders(query, cursor));
  const focus = useRef<HTMLTableCellElement>(null);
  const firstAdded = orders.state === 'done' ? orders.firstAdded : -1;
  useEffect(() => {
    if (firstAdded >= 0) focus.current?.focus();
  }, [firstAdded]);

  if (orders.state === 'loading') return <ProfiLoading />;
  if (orders.state === 'failed') return <ProfiFailure error={orders.error} />;
  if (orders.entries.length === 0) {
    return <p role="status">{t(query.Status ? 'profi.orders.noneFiltered' : 'profi.orders.none')}</p>;
  }
  return (
    <>
      <ProfiOrderTable
        orders={orders.entries}
        caption={t('profi.orders.caption')}
        idPrefix={`${id}-orders`}
        firstAdded={firstAdded}
        focusRef={focus}
      />
      <MoreButton
        list={orders}
        more={more}
        texts={{
          more: 'profi.orders.more',
          loading: 'profi.orders.moreLoading',
          loaded: 'profi.orders.moreLoaded',
        }}
      />
    </>
  );
}
