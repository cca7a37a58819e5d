import {
  AGENCY_REPORT_PATHS,
  type AgenturMitarbeiterZeile,
  type EinladungAngelegt,
  type EinladungDaten,
  type EinladungRequest,
  INVITATION_PATHS,
  type MitarbeiterAnlegenRequest,
  type MitarbeiterStatusRequest,
  orderReleasePath,
} from '../../schemas/agency.ts';
import {
  AGENCY_ADMIN_PATHS,
  type AgenturRechnung,
  type AgenturStammdaten,
  type AgenturStammdatenRequest,
  type AgenturStatistik,
  type PraemienplanEintrag,
  type PraemienplanRequest,
} from '../../schemas/agencyAdmin.ts';
import {
  pageCount,
  type ReportExportFormat,
  type ReportExportQuery,
  type ReportPage,
  type ReportQuery,
} from '../../schemas/reportQuery.ts';
import { getApiClient } from '../api/api.ts';
import { downloadFile, downloadReportExport, fetchReportPage } from '../table/reportApi.ts';

/**
 * The agency area's calls (issue 14, SPEC 7), relative to /api/v1/{mandant}; the session's token travels in
 * the API client's header. One module, so that a path the server changes is changed here only.
 */

export type AgencyReportKind = keyof typeof AGENCY_REPORT_PATHS;

/** A DataTable's `load` for one of the agency's reports (PUT with SPEC 3's report query). */
export function agencyReportLoader<Row>(kind: AgencyReportKind, agenturnummer: string) {
  const path = AGENCY_REPORT_PATHS[kind](agenturnummer);
  return (query: ReportQuery): Promise<ReportPage<Row>> => fetchReportPage<Row>(path, query);
}

/** A DataTable's `onExport` for one of the agency's reports: `{path}export.csv|xlsx`. */
export function agencyReportExport(kind: AgencyReportKind, agenturnummer: string, fileName: string) {
  // The report paths end with a slash (SPEC 7); the export sits below it.
  const path = AGENCY_REPORT_PATHS[kind](agenturnummer).replace(/\/$/, '');
  return (format: ReportExportFormat, query: ReportExportQuery): Promise<void> =>
    downloadReportExport(path, format, query, fileName);
}

/** PUT: the agency releases an order of one of its recommenders; DELETE rejects it. */
export async function releaseOrder(agenturnummer: string, auftragsnummer: string): Promise<void> {
  await (await getApiClient()).put(orderReleasePath(agenturnummer, auftragsnummer));
}

export async function rejectOrder(agenturnummer: string, auftragsnummer: string): Promise<void> {
  await (await getApiClient()).delete(orderReleasePath(agenturnummer, auftragsnummer));
}

/** GET /Einladung/daten: what the invitation form starts with. */
export async function fetchInvitationData(): Promise<EinladungDaten> {
  return (await (await getApiClient()).get<EinladungDaten>(INVITATION_PATHS.formData)).data;
}

/** PUT /Einladung with the invited customer's data (SPEC 3, agent invitation). */
export async function sendInvitation(body: EinladungRequest): Promise<EinladungAngelegt> {
  return (await (await getApiClient()).put<EinladungAngelegt>(INVITATION_PATHS.invite, body)).data;
}

/** POST /agentur/mitarbeiter: the owner invites a member of staff. */
export async function inviteStaff(body: MitarbeiterAnlegenRequest): Promise<AgenturMitarbeiterZeile> {
  return (await (await getApiClient()).post<AgenturMitarbeiterZeile>(INVITATION_PATHS.staff, body)).data;
}

/** PUT /agentur/mitarbeiter/{id}/status: deactivate or reactivate a member of staff. */
export async function setStaffStatus(id: string, status: MitarbeiterStatusRequest['Status']): Promise<void> {
  const body: MitarbeiterStatusRequest = { Status: status };
  await (await getApiClient()).put(INVITATION_PATHS.staffStatus(id), body);
}

export async function fetchRewardPlan(): Promise<PraemienplanEintrag[]> {
  return (await (await getApiClient()).get<PraemienplanEintrag[]>(AGENCY_ADMIN_PATHS.rewardPlan)).data;
}

export async function addRewardPlanEntry(body: PraemienplanRequest): Promise<void> {
  await (await getApiClient()).post(AGENCY_ADMIN_PATHS.rewardPlan, body);
}

export async function deleteRewardPlanEntry(id: string): Promise<void> {
  await (await getApiClient()).delete(AGENCY_ADMIN_PATHS.rewardPlanEntry(id));
}

/** GET /agentur/stammdaten: company data, contact and bank account (IBAN masked). */
export async function fetchMasterData(): Promise<AgenturStammdaten> {
  return (await (await getApiClient()).get<AgenturStammdaten>(AGENCY_ADMIN_PATHS.masterData)).data;
}

export async function saveMasterData(body: AgenturStammdatenRequest): Promise<AgenturStammdaten> {
  return (await (await getApiClient()).put<AgenturStammdaten>(AGENCY_ADMIN_PATHS.masterData, body)).data;
}

/** GET /agentur/rechnungen: the agency's monthly commission credit notes. */
export async function fetchInvoices(): Promise<AgenturRechnung[]> {
  return (await (await getApiClient()).get<AgenturRechnung[]>(AGENCY_ADMIN_PATHS.invoices)).data;
}

export function downloadInvoice(invoice: Pick<AgenturRechnung, 'Nummer' | 'Rechnungsnummer'>): Promise<void> {
  return downloadFile(AGENCY_ADMIN_PATHS.invoicePdf(invoice.Nummer), `${invoice.Rechnungsnummer}.pdf`);
}

/** GET /agentur/statistik?von=&bis=: counts per day or month. */
export async function fetchStatistics(von: string, bis: string): Promise<AgenturStatistik> {
  const params = new URLSearchParams({ von, bis });
  return (await (await getApiClient()).get<AgenturStatistik>(`${AGENCY_ADMIN_PATHS.statistics}?${params}`))
    .data;
}

/**
 * A DataTable's `load` over a list the server answers whole (reward plan, invoices, statistics): sorted,
 * filtered (contains, or a `FROM..TO` range for dates) and paged here, so every list is the one table.
 */
export function listReport<Row extends object>(
  rows: () => Promise<readonly Row[]>,
  defaultOrder: { OrderBy: string; Descending: boolean },
) {
  return async (query: ReportQuery): Promise<ReportPage<Row>> => {
    const all = await rows();
    const filter = typeof query.Filter === 'object' && query.Filter ? query.Filter : {};
    const found = all.filter((row) =>
      Object.entries(filter).every(([column, value]) => matches(field(row, column), value)),
    );
    const orderBy = query.OrderBy ?? defaultOrder.OrderBy;
    const descending = query.OrderBy ? query.Descending === true : defaultOrder.Descending;
    const sorted = [...found].sort(
      (a, b) => compare(field(a, orderBy), field(b, orderBy)) * (descending ? -1 : 1),
    );
    const size = query.Pagesize ?? 20;
    const count = pageCount(sorted.length, size);
    const number = Math.min(Math.max(1, query.Pagenumber ?? 1), Math.max(1, count));
    return {
      Content: sorted.slice((number - 1) * size, number * size),
      Pagenumber: number,
      Pagesize: size,
      HasNext: number * size < sorted.length,
      PageCount: count,
      TotalCount: sorted.length,
    };
  };
}

function field(row: object, column: string): unknown {
  return (row as Record<string, unknown>)[column];
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'de');
}

function matches(value: unknown, filter: string): boolean {
  const text = String(value ?? '');
  if (filter.includes('..')) {
    const [from = '', to = ''] = filter.split('..');
    const day = text.slice(0, from.length || to.length || 10);
    return (from === '' || day >= from) && (to === '' || day <= to);
  }
  return text.toLowerCase().includes(filter.toLowerCase());
}
