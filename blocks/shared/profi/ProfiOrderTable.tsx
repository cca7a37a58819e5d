import type { Ref } from 'react';
import { formatDate, formatMoney, useT } from '../../../runtime/index.ts';
import type { ProfiAuftrag } from '../../../schemas/profi.ts';
import styles from './Profi.module.css';

/**
 * Orders attributed to the seller as a table with a caption: number, date, product, recommendation, the
 * order's status, the commission and its status. The overview's latest orders and the order list share it;
 * `firstAdded` (the first row a "more" added) gets a script-focusable cell so the list can move the focus.
 */
export function ProfiOrderTable({
  orders,
  caption,
  idPrefix,
  firstAdded = -1,
  focusRef,
}: {
  orders: readonly ProfiAuftrag[];
  caption: string;
  idPrefix: string;
  firstAdded?: number;
  focusRef?: Ref<HTMLTableCellElement>;
}) {
  const t = useT();
  return (
    <>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls; the keyboard must reach it (WCAG 2.1.1) */}
      <section className={styles.scroll} aria-labelledby={`${idPrefix}-caption`} tabIndex={0}>
        <table className={styles.table} id={`${idPrefix}-table`}>
          <caption id={`${idPrefix}-caption`}>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('profi.column.Auftragsnummer')}</th>
              <th scope="col">{t('profi.column.Datum')}</th>
              <th scope="col">{t('profi.column.Produkt')}</th>
              <th scope="col">{t('profi.column.Empfehlungsnummer')}</th>
              <th scope="col">{t('profi.column.Status')}</th>
              <th scope="col" className={styles.numeric}>
                {t('profi.column.ProvisionCent')}
              </th>
              <th scope="col">{t('profi.column.ProvisionStatus')}</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order, index) => (
              <tr key={order.Auftragsnummer}>
                <td
                  tabIndex={index === firstAdded ? -1 : undefined}
                  ref={index === firstAdded ? focusRef : undefined}
                >
                  {order.Auftragsnummer}
                </td>
                <td>{formatDate(order.Datum)}</td>
                <td>{order.Produkt ?? order.ProduktId}</td>
                <td>{order.Empfehlungsnummer}</td>
                <td>{t(`profi.orderStatus.${order.Status}`)}</td>
                <td className={styles.numeric}>{formatMoney(order.ProvisionCent)}</td>
                <td>{t(`profi.commissionStatus.${order.ProvisionStatus}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}
