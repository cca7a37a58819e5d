import { useMemo, useState } from 'react';
import {
  type AgencyReportKind,
  agencyReportExport,
  agencyReportLoader,
  DataTable,
  type DataTableColumn,
  failureMessage,
  rejectOrder,
  releaseOrder,
  setStaffStatus,
  useT,
} from '../../../runtime/index.ts';
import type { AgencyReleaseWire, AgencyUserStatusWire } from '../../../schemas/agency.ts';
import styles from './Agency.module.css';
import { type AgencyReportRows, REPORT_KEYS, reportColumns } from './reportColumns.tsx';

export interface AgencyReportTableProps {
  kind: AgencyReportKind;
  agenturnummer: string;
  /** The report's columns to show, in this order; unknown names are skipped (default: all). */
  columns?: readonly string[];
  /** Orders: release and reject pending orders (SPEC 7 agentur/auftragfreigeben). */
  release?: boolean;
  /** Employees: deactivate and reactivate staff (the owner); never the user's own row. */
  staffActions?: { ownEmail: string };
}

type Row = AgencyReportRows[AgencyReportKind];

/**
 * One agency report in the one table (runtime/table DataTable): sorting, filters and paging on the server,
 * CSV and XLSX export of the filtered set. Release and staff status change a row in place (no reload, the
 * user keeps the page and order they are looking at).
 */
export function AgencyReportTable({
  kind,
  agenturnummer,
  columns,
  release,
  staffActions,
}: AgencyReportTableProps) {
  const t = useT();
  const [releases, setReleases] = useState<ReadonlyMap<string, AgencyReleaseWire>>(new Map());
  const [statuses, setStatuses] = useState<ReadonlyMap<string, AgencyUserStatusWire>>(new Map());
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function act(key: string, action: () => Promise<void>, success: string, apply: () => void) {
    if (busy) return;
    setBusy(key);
    setFailure(null);
    setDone(null);
    try {
      await action();
      apply();
      setDone(success);
    } catch (error) {
      setFailure(failureMessage(t, error));
    } finally {
      setBusy(null);
    }
  }

  const load = useMemo(() => agencyReportLoader<Row>(kind, agenturnummer), [kind, agenturnummer]);
  const onExport = useMemo(
    () => agencyReportExport(kind, agenturnummer, t(`agencyArea.report.${kind}.file`)),
    [kind, agenturnummer, t],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `act` reads only the state named here
  const shown = useMemo(() => {
    const all = reportColumns(t)[kind] as DataTableColumn<Row>[];
    const picked = columns ? columns.flatMap((name) => all.filter((column) => column.id === name)) : all;
    const withState = picked.map((column): DataTableColumn<Row> => {
      if (kind === 'orders' && column.id === 'Freigabe') {
        return {
          ...column,
          cell: (row) => {
            const order = row as AgencyReportRows['orders'];
            return t(`agencyArea.release.${releases.get(order.Auftragsnummer) ?? order.Freigabe}`);
          },
        };
      }
      if (kind === 'employees' && column.id === 'Status') {
        return {
          ...column,
          cell: (row) => {
            const member = row as AgencyReportRows['employees'];
            return t(`agencyArea.staffStatus.${statuses.get(member.Id) ?? member.Status}`);
          },
        };
      }
      return column;
    });
    if (kind === 'orders' && release) {
      withState.push({
        id: 'Aktion',
        header: 'agencyArea.column.Aktion',
        cell: (row) => {
          const order = row as AgencyReportRows['orders'];
          const nr = order.Auftragsnummer;
          if ((releases.get(nr) ?? order.Freigabe) !== 'pending') return '–';
          return (
            <span className={styles.cellActions}>
              <button
                type="button"
                className={styles.small}
                aria-disabled={busy !== null || undefined}
                aria-label={t('agencyArea.release.releaseOrder', { nr })}
                onClick={() =>
                  act(
                    nr,
                    () => releaseOrder(agenturnummer, nr),
                    t('agencyArea.release.doneReleased', { nr }),
                    () => setReleases((previous) => new Map(previous).set(nr, 'released')),
                  )
                }
              >
                {t('agencyArea.release.release')}
              </button>
              <button
                type="button"
                className={styles.small}
                aria-disabled={busy !== null || undefined}
                aria-label={t('agencyArea.release.rejectOrder', { nr })}
                onClick={() =>
                  act(
                    nr,
                    () => rejectOrder(agenturnummer, nr),
                    t('agencyArea.release.doneRejected', { nr }),
                    () => setReleases((previous) => new Map(previous).set(nr, 'rejected')),
                  )
                }
              >
                {t('agencyArea.release.reject')}
              </button>
            </span>
          );
        },
      });
    }
    if (kind === 'employees' && staffActions) {
      withState.push({
        id: 'Aktion',
        header: 'agencyArea.column.Aktion',
        cell: (row) => {
          const member = row as AgencyReportRows['employees'];
          const status = statuses.get(member.Id) ?? member.Status;
          if (status === 'blocked' || member.Email === staffActions.ownEmail) return '–';
          const next = status === 'active' ? 'inactive' : 'active';
          const verb = next === 'inactive' ? 'deactivate' : 'activate';
          return (
            <button
              type="button"
              className={styles.small}
              aria-disabled={busy !== null || undefined}
              aria-label={t(`agencyArea.staff.${verb}For`, { name: member.Name })}
              onClick={() =>
                act(
                  member.Id,
                  () => setStaffStatus(member.Id, next),
                  t(`agencyArea.staff.${verb}d`, { name: member.Name }),
                  () => setStatuses((previous) => new Map(previous).set(member.Id, next)),
                )
              }
            >
              {t(`agencyArea.staff.${verb}`)}
            </button>
          );
        },
      });
    }
    return withState;
  }, [t, kind, columns, release, staffActions, releases, statuses, busy, agenturnummer]);

  const keys = REPORT_KEYS[kind] as {
    rowKey: (row: Row) => string;
    order: { OrderBy: string; Descending: boolean };
  };
  return (
    <div className={styles.block}>
      {failure && (
        <p className={styles.alert} role="alert">
          {failure}
        </p>
      )}
      <p className="visually-hidden" role="status">
        {done ?? ''}
      </p>
      <DataTable<Row>
        caption={`agencyArea.report.${kind}.caption`}
        empty={`agencyArea.report.${kind}.empty`}
        columns={shown}
        load={load}
        rowKey={keys.rowKey}
        initialOrder={keys.order}
        onExport={onExport}
      />
    </div>
  );
}
