import { useCallback, useId, useMemo, useState } from 'react';
import {
  DataTable,
  type DataTableColumn,
  downloadAuditLog,
  fetchAuditLog,
  formatDateTime,
  useT,
} from '../../runtime/index.ts';
import type { AuditZeile } from '../../schemas/backofficeAudit.ts';
import styles from '../shared/backoffice/BackofficeAdmin.module.css';
import type { BackofficeAuditProps } from './schema.ts';

/**
 * The audit log (issue 15, ability audit): every back-office action of the mandant with who, what, which
 * record and when; filters for actor, action, record and period; a row opens its before and after; CSV and
 * XLSX export of the filtered list.
 */
export function BackofficeAudit({
  headline = 'backoffice.audit.headline',
  intro = 'backoffice.audit.intro',
}: BackofficeAuditProps) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState<AuditZeile | null>(null);
  const actionText = useCallback(
    (action: string) => t(`backoffice.audit.action.${action}`, { defaultValue: action }),
    [t],
  );
  const columns = useMemo<DataTableColumn<AuditZeile>[]>(
    () => [
      {
        id: 'Zeitpunkt',
        header: 'backoffice.audit.column.Zeitpunkt',
        sortable: true,
        filter: { type: 'date' },
        cell: (row) => formatDateTime(row.Zeitpunkt),
      },
      { id: 'Akteur', header: 'backoffice.audit.column.Akteur', sortable: true, filter: { type: 'text' } },
      {
        id: 'Aktion',
        header: 'backoffice.audit.column.Aktion',
        sortable: true,
        filter: { type: 'text' },
        // The action in words; its identifier (what the filter matches) as the tooltip.
        cell: (row) => <span title={row.Aktion}>{actionText(row.Aktion)}</span>,
      },
      {
        id: 'Objekttyp',
        header: 'backoffice.audit.column.Objekttyp',
        sortable: true,
        filter: { type: 'text' },
      },
      { id: 'ObjektId', header: 'backoffice.audit.column.ObjektId', filter: { type: 'text' } },
      {
        id: 'Details',
        header: 'backoffice.audit.column.Details',
        cell: (row) =>
          row.Vorher || row.Nachher ? (
            <button
              type="button"
              className={styles.small}
              aria-label={t('backoffice.audit.detailsFor', {
                action: actionText(row.Aktion),
                id: row.ObjektId,
              })}
              onClick={() => setOpen(row)}
            >
              {t('backoffice.audit.details')}
            </button>
          ) : null,
      },
    ],
    [t, actionText],
  );
  return (
    <section className={styles.section} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline)}</h1>
        <p>{t(intro)}</p>
        <div className={styles.block}>
          <DataTable<AuditZeile>
            caption="backoffice.audit.caption"
            empty="backoffice.audit.empty"
            columns={columns}
            load={fetchAuditLog}
            rowKey={(row) => row.Id}
            initialOrder={{ OrderBy: 'Zeitpunkt', Descending: true }}
            onExport={downloadAuditLog}
          />
        </div>
        {open && (
          <section className={`${styles.block} ${styles.detail}`} aria-labelledby={`${id}-detail`}>
            <h2 id={`${id}-detail`}>
              {t('backoffice.audit.detailTitle', { action: actionText(open.Aktion), id: open.ObjektId })}
            </h2>
            <dl className={styles.facts}>
              <dt>{t('backoffice.audit.before')}</dt>
              <dd>
                <code className={styles.secret}>{open.Vorher ?? '—'}</code>
              </dd>
              <dt>{t('backoffice.audit.after')}</dt>
              <dd>
                <code className={styles.secret}>{open.Nachher ?? '—'}</code>
              </dd>
            </dl>
            <div className={styles.actions}>
              <button type="button" className="button-inverse" onClick={() => setOpen(null)}>
                {t('backoffice.audit.close')}
              </button>
            </div>
          </section>
        )}
      </div>
    </section>
  );
}
