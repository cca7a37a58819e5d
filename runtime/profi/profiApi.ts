import type { ProfiDataForm, ProfiRegistrationForm } from '../../schemas/forms/profiSeller.ts';
import type {
  ProfiAuftrag,
  ProfiAuftragStatus,
  ProfiDaten,
  ProfiGutschrift,
  ProfiProvision,
  ProfiRegistrierungAntwort,
  ProfiUebersicht,
} from '../../schemas/profi.ts';
import { getApiClient } from '../api/api.ts';
import { downloadFile } from '../table/reportApi.ts';

/**
 * The profi-seller area's calls (issue 16, server/profi/README.md), relative to /api/v1/{mandant}; the
 * seller is a recommender account, so the user's token travels in the API client's header. One module, so
 * that a path the server changes is changed here only.
 */
export const PROFI_PATHS = {
  register: '/profi/registrieren',
  data: '/profi/daten',
  bankData: '/profi/bankdaten',
  agreement: '/profi/vereinbarung',
  overview: '/profi/uebersicht',
  orders: '/profi/auftraege',
  commissions: '/profi/provisionen',
  creditNotes: '/profi/gutschriften',
  creditNotePdf: (nummer: string) => `/profi/gutschriften/${encodeURIComponent(nummer)}.pdf`,
} as const;

/** Entries per page of the profi lists (orders, commissions). */
export const PROFI_PAGE_SIZE = 20;

/** One page of a keyset-paged list: the entries and the next page's cursor (`X-Next-Cursor`), null on the last. */
export interface ProfiPage<T> {
  entries: T[];
  next: string | null;
}

/** How the order list is sorted: newest or oldest first (by when the order came in), or by commission. */
export const PROFI_ORDER_SORTS = ['newest', 'oldest', 'commission'] as const;
export type ProfiOrderSort = (typeof PROFI_ORDER_SORTS)[number];

/** The order list's filter and order (GET profi/auftraege: OrderBy, Descending, Filter.Status). */
export interface ProfiOrderQuery {
  Status?: ProfiAuftragStatus | undefined;
  Sort?: ProfiOrderSort | undefined;
}

const SORT_PARAMS: Record<ProfiOrderSort, Record<string, string>> = {
  newest: {},
  oldest: { OrderBy: 'Erfasst', Descending: 'false' },
  commission: { OrderBy: 'ProvisionCent', Descending: 'true' },
};

function orderParams(query: ProfiOrderQuery): Record<string, string> {
  return {
    ...SORT_PARAMS[query.Sort ?? 'newest'],
    ...(query.Status ? { 'Filter.Status': query.Status } : {}),
  };
}

async function getPage<T>(
  path: string,
  cursor: string | null,
  params: Record<string, string> = {},
): Promise<ProfiPage<T>> {
  const client = await getApiClient();
  const response = await client.get<T[]>(path, {
    params: { ...params, Pagesize: String(PROFI_PAGE_SIZE), ...(cursor ? { Cursor: cursor } : {}) },
  });
  const next = (response.headers as Record<string, unknown> | undefined)?.['x-next-cursor'];
  return { entries: response.data, next: typeof next === 'string' && next !== '' ? next : null };
}

/** POST profi/registrieren (public, with the captcha's solution): the mail to set the password goes out. */
export async function registerProfi(
  body: ProfiRegistrationForm & { Captcha?: string },
): Promise<ProfiRegistrierungAntwort> {
  return (await (await getApiClient()).post<ProfiRegistrierungAntwort>(PROFI_PATHS.register, body)).data;
}

export async function fetchProfiData(): Promise<ProfiDaten> {
  return (await (await getApiClient()).get<ProfiDaten>(PROFI_PATHS.data)).data;
}

export async function saveProfiData(body: ProfiDataForm): Promise<ProfiDaten> {
  return (await (await getApiClient()).put<ProfiDaten>(PROFI_PATHS.data, body)).data;
}

export async function saveProfiBankData(body: { IBAN: string; Kontoinhaber: string }): Promise<ProfiDaten> {
  return (await (await getApiClient()).put<ProfiDaten>(PROFI_PATHS.bankData, body)).data;
}

/** PUT profi/vereinbarung: the seller accepts the agreement the mandant asks for now. */
export async function acceptProfiAgreement(): Promise<ProfiDaten> {
  return (await (await getApiClient()).put<ProfiDaten>(PROFI_PATHS.agreement, { Akzeptiert: true })).data;
}

export async function fetchProfiOverview(): Promise<ProfiUebersicht> {
  return (await (await getApiClient()).get<ProfiUebersicht>(PROFI_PATHS.overview)).data;
}

/** A page of the seller's orders (newest first unless asked otherwise), filtered by status. */
export function fetchProfiOrders(
  query: ProfiOrderQuery,
  cursor: string | null = null,
): Promise<ProfiPage<ProfiAuftrag>> {
  return getPage<ProfiAuftrag>(PROFI_PATHS.orders, cursor, orderParams(query));
}

/** Downloads every order of the filter as CSV or XLSX (through the API client: the session is a header). */
export function downloadProfiOrders(
  format: 'csv' | 'xlsx',
  query: ProfiOrderQuery,
  fileName: string,
): Promise<void> {
  const params = new URLSearchParams(orderParams(query)).toString();
  return downloadFile(
    `${PROFI_PATHS.orders}.${format}${params ? `?${params}` : ''}`,
    `${fileName}.${format}`,
  );
}

export function fetchProfiCommissions(cursor: string | null = null): Promise<ProfiPage<ProfiProvision>> {
  return getPage<ProfiProvision>(PROFI_PATHS.commissions, cursor);
}

export async function fetchProfiCreditNotes(): Promise<ProfiGutschrift[]> {
  return (await (await getApiClient()).get<ProfiGutschrift[]>(PROFI_PATHS.creditNotes)).data;
}

export function downloadProfiCreditNote(nummer: string): Promise<void> {
  return downloadFile(PROFI_PATHS.creditNotePdf(nummer), `${nummer}.pdf`);
}
