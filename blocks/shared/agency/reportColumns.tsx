import type { TFunction } from 'i18next';
import type { AgencyAbility } from '../../../domain/agencyAbilities.ts';
import type { AgencyReportKind } from '../../../runtime/index.ts';
import { type DataTableColumn, formatDate, formatDateTime, formatMoney } from '../../../runtime/index.ts';
import {
  type AgenturAuftragZeile,
  type AgenturEinladungZeile,
  type AgenturEmpfehlungZeile,
  type AgenturLeadZeile,
  type AgenturMitarbeiterZeile,
  type AgenturPraemieZeile,
  INVITATION_ARTEN,
} from '../../../schemas/agency.ts';
import { RECOMMENDATION_STATUSES } from '../../../schemas/personalArea.ts';

/** The row type of each agency report (schemas/agency.ts). */
export interface AgencyReportRows {
  orders: AgenturAuftragZeile;
  recommendations: AgenturEmpfehlungZeile;
  employees: AgenturMitarbeiterZeile;
  rewards: AgenturPraemieZeile;
  leads: AgenturLeadZeile;
  invitations: AgenturEinladungZeile;
}

/** The ability each report needs (domain/agencyAbilities.ts), as the server checks it on the report's path. */
export const REPORT_ABILITY: Readonly<Record<AgencyReportKind, AgencyAbility>> = {
  orders: 'orderReport',
  recommendations: 'recommenderReport',
  employees: 'employees',
  rewards: 'rewards',
  leads: 'invitations',
  invitations: 'invitations',
};

/** Each report's key column (the row's key) and default order, as the server sorts without an OrderBy. */
export const REPORT_KEYS: {
  [Kind in AgencyReportKind]: {
    rowKey: (row: AgencyReportRows[Kind]) => string;
    order: { OrderBy: string; Descending: boolean };
  };
} = {
  orders: { rowKey: (row) => row.Auftragsnummer, order: { OrderBy: 'Auftragsdatum', Descending: true } },
  recommendations: { rowKey: (row) => row.Empfehlungsnummer, order: { OrderBy: 'Datum', Descending: true } },
  employees: { rowKey: (row) => row.Id, order: { OrderBy: 'Name', Descending: false } },
  rewards: {
    rowKey: (row) => `${row.Empfehlungsnummer}-${row.Datum}-${row.Titel ?? ''}`,
    order: { OrderBy: 'Datum', Descending: true },
  },
  leads: { rowKey: (row) => row.Empfehlungsnummer, order: { OrderBy: 'Datum', Descending: true } },
  invitations: { rowKey: (row) => row.Id, order: { OrderBy: 'Datum', Descending: true } },
};

const RELEASES = ['pending', 'released', 'rejected'] as const;
const LEAD_STATUSES = ['DatenErfasst', 'Bestaetigt', 'Bestellt', 'Abgelaufen'] as const;
const INVITATION_STATUSES = ['Versendet', 'Registriert', 'Abgelaufen'] as const;
const STAFF_STATUSES = ['active', 'inactive', 'blocked'] as const;
const REWARD_STATUSES = [
  'Offen',
  'Bereitgestellt',
  'Ausgezahlt',
  'Abgeholt',
  'Storniert',
  'Abgelaufen',
] as const;

const options = (values: readonly string[], prefix: string) =>
  values.map((value) => ({ value, label: `${prefix}.${value}` }));

const dash = (value: string | null | undefined) =>
  value === null || value === undefined || value === '' ? '–' : value;

/**
 * Every column of each report, in the default order; header keys `agencyArea.column.<Column>`. The cells
 * format dates and money through domain/format.ts and translate statuses.
 */
export function reportColumns(t: TFunction): {
  [Kind in AgencyReportKind]: DataTableColumn<AgencyReportRows[Kind]>[];
} {
  const recommendationStatus = {
    type: 'enum',
    options: options(RECOMMENDATION_STATUSES, 'report.empfehlungen.status'),
  } as const;
  return {
    orders: [
      {
        id: 'Auftragsnummer',
        header: 'agencyArea.column.Auftragsnummer',
        sortable: true,
        filter: { type: 'text' },
      },
      {
        id: 'Auftragsdatum',
        header: 'agencyArea.column.Auftragsdatum',
        sortable: true,
        filter: { type: 'date' },
        cell: (row) => formatDate(row.Auftragsdatum),
      },
      {
        id: 'Produkt',
        header: 'agencyArea.column.Produkt',
        sortable: true,
        filter: { type: 'text' },
        cell: (row) => dash(row.Produkt),
      },
      {
        id: 'Empfehlungsnummer',
        header: 'agencyArea.column.Empfehlungsnummer',
        sortable: true,
        filter: { type: 'text' },
      },
      {
        id: 'Empfehler',
        header: 'agencyArea.column.Empfehler',
        sortable: true,
        filter: { type: 'text' },
        cell: (row) => dash(row.Empfehler),
      },
      {
        id: 'Mitarbeiter',
        header: 'agencyArea.column.Mitarbeiter',
        sortable: true,
        filter: { type: 'text' },
        cell: (row) => dash(row.Mitarbeiter),
      },
      {
        id: 'Status',
        header: 'agencyArea.column.Status',
        sortable: true,
        filter: recommendationStatus,
        cell: (row) => t(`report.empfehlungen.status.${row.Status}`),
      },
      {
        id: 'Freigabe',
        header: 'agencyArea.column.Freigabe',
        sortable: true,
        filter: { type: 'enum', options: options(RELEASES, 'agencyArea.release') },
        cell: (row) => t(`agencyArea.release.${row.Freigabe}`),
      },
      {
        id: 'ProvisionCent',
        header: 'agencyArea.column.ProvisionCent',
        sortable: true,
        numeric: true,
        cell: (row) => (row.ProvisionCent === null ? '–' : formatMoney(row.ProvisionCent)),
      },
    ],
    recommendations: [
      {
        id: 'Empfehlungsnummer',
        header: 'agencyArea.column.Empfehlungsnummer',
        sortable: true,
        filter: { type: 'text' },
      },
      {
        id: 'Datum',
        header: 'agencyArea.column.Datum',
        sortable: true,
        filter: { type: 'date' },
        cell: (row) => formatDateTime(row.Datum),
      },
      {
        id: 'Empfehler',
        header: 'agencyArea.column.Empfehler',
        sortable: true,
        filter: { type: 'text' },
        cell: (row) => dash(row.Empfehler),
      },
      {
        id: 'Mitarbeiter',
        header: 'agencyArea.column.Mitarbeiter',
        sortable: true,
        filter: { type: 'text' },
        cell: (row) => dash(row.Mitarbeiter),
      },
      {
        id: 'Produkt',
        header: 'agencyArea.column.Produkt',
        sortable: true,
        filter: { type: 'text' },
        cell: (row) => dash(row.Produkt),
      },
      {
        id: 'Status',
        header: 'agencyArea.column.Status',
        sortable: true,
        filter: recommendationStatus,
        cell: (row) => t(`report.empfehlungen.status.${row.Status}`),
      },
      {
        id: 'Channel',
        header: 'agencyArea.column.Channel',
        sortable: true,
        cell: (row) => dash(row.Channel),
      },
    ],
    employees: [
      { id: 'Name', header: 'agencyArea.column.Name', sortable: true, filter: { type: 'text' } },
      { id: 'Email', header: 'agencyArea.column.Email', sortable: true, filter: { type: 'text' } },
      {
        id: 'Mitarbeiternummer',
        header: 'agencyArea.column.Mitarbeiternummer',
        sortable: true,
        filter: { type: 'text' },
        cell: (row) => dash(row.Mitarbeiternummer),
      },
      {
        id: 'Rollen',
        header: 'agencyArea.column.Rollen',
        cell: (row) => row.Rollen.map((role) => t(`agencyArea.role.${role}`)).join(', '),
      },
      {
        id: 'Status',
        header: 'agencyArea.column.Status',
        sortable: true,
        filter: { type: 'enum', options: options(STAFF_STATUSES, 'agencyArea.staffStatus') },
        cell: (row) => t(`agencyArea.staffStatus.${row.Status}`),
      },
      {
        id: 'Angelegt',
        header: 'agencyArea.column.Angelegt',
        sortable: true,
        filter: { type: 'date' },
        cell: (row) => formatDate(row.Angelegt),
      },
    ],
    rewards: [
      {
        id: 'Empfehlungsnummer',
        header: 'agencyArea.column.Empfehlungsnummer',
        sortable: true,
        filter: { type: 'text' },
      },
      {
        id: 'Empfehler',
        header: 'agencyArea.column.Empfehler',
        sortable: true,
        filter: { type: 'text' },
        cell: (row) => dash(row.Empfehler),
      },
      {
        id: 'Titel',
        header: 'agencyArea.column.Titel',
        sortable: true,
        filter: { type: 'text' },
        cell: (row) => dash(row.Titel),
      },
      {
        id: 'WertCent',
        header: 'agencyArea.column.WertCent',
        sortable: true,
        numeric: true,
        cell: (row) => formatMoney(row.WertCent),
      },
      {
        id: 'Status',
        header: 'agencyArea.column.Status',
        sortable: true,
        filter: { type: 'enum', options: options(REWARD_STATUSES, 'agencyArea.rewardStatus') },
        cell: (row) => t(`agencyArea.rewardStatus.${row.Status}`, { defaultValue: row.Status }),
      },
      {
        id: 'Datum',
        header: 'agencyArea.column.Datum',
        sortable: true,
        filter: { type: 'date' },
        cell: (row) => formatDate(row.Datum),
      },
    ],
    leads: [
      {
        id: 'Empfehlungsnummer',
        header: 'agencyArea.column.Empfehlungsnummer',
        sortable: true,
        filter: { type: 'text' },
      },
      {
        id: 'Datum',
        header: 'agencyArea.column.Datum',
        sortable: true,
        filter: { type: 'date' },
        cell: (row) => formatDateTime(row.Datum),
      },
      { id: 'Empfaenger', header: 'agencyArea.column.Empfaenger' },
      {
        id: 'Produkt',
        header: 'agencyArea.column.Produkt',
        sortable: true,
        filter: { type: 'text' },
        cell: (row) => dash(row.Produkt),
      },
      {
        id: 'Empfehler',
        header: 'agencyArea.column.Empfehler',
        sortable: true,
        filter: { type: 'text' },
        cell: (row) => dash(row.Empfehler),
      },
      {
        id: 'Status',
        header: 'agencyArea.column.Status',
        sortable: true,
        filter: { type: 'enum', options: options(LEAD_STATUSES, 'agencyArea.leadStatus') },
        cell: (row) => t(`agencyArea.leadStatus.${row.Status}`),
      },
    ],
    invitations: [
      {
        id: 'Datum',
        header: 'agencyArea.column.Datum',
        sortable: true,
        filter: { type: 'date' },
        cell: (row) => formatDateTime(row.Datum),
      },
      { id: 'Vorname', header: 'agencyArea.column.Vorname', sortable: true, filter: { type: 'text' } },
      { id: 'Nachname', header: 'agencyArea.column.Nachname', sortable: true, filter: { type: 'text' } },
      { id: 'Email', header: 'agencyArea.column.Email', sortable: true, filter: { type: 'text' } },
      {
        id: 'Art',
        header: 'agencyArea.column.Art',
        sortable: true,
        filter: { type: 'enum', options: options(INVITATION_ARTEN, 'agencyArea.art') },
        cell: (row) => t(`agencyArea.art.${row.Art}`),
      },
      {
        id: 'Mitarbeiter',
        header: 'agencyArea.column.Mitarbeiter',
        sortable: true,
        filter: { type: 'text' },
        cell: (row) => dash(row.Mitarbeiter),
      },
      {
        id: 'Status',
        header: 'agencyArea.column.Status',
        sortable: true,
        filter: { type: 'enum', options: options(INVITATION_STATUSES, 'agencyArea.invitationStatus') },
        cell: (row) => t(`agencyArea.invitationStatus.${row.Status}`),
      },
    ],
  };
}
