import type { AuditZeile } from '../../schemas/backofficeAudit.ts';
import { BACKOFFICE_AUDIT_PATHS } from '../../schemas/backofficeAudit.ts';
import {
  type ApiSchluessel,
  type ApiSchluesselMitGeheimnis,
  BACKOFFICE_INTEGRATION_PATHS,
  type WebhookEndpunkt,
  type WebhookEndpunktMitGeheimnis,
  type WebhookZustellungZeile,
} from '../../schemas/backofficeIntegration.ts';
import { BACKOFFICE_STAFF_PATHS, type BackofficeMitarbeiterZeile } from '../../schemas/backofficeStaff.ts';
import type {
  ReportExportFormat,
  ReportExportQuery,
  ReportPage,
  ReportQuery,
} from '../../schemas/reportQuery.ts';
import { getApiClient } from '../api/api.ts';
import { downloadReportExport, fetchReportPage } from '../table/reportApi.ts';

/** The admins' tools of the back office (issue 15): API keys, webhooks, staff, the audit log. */

export async function fetchApiKeys(): Promise<ApiSchluessel[]> {
  return (
    await (await getApiClient()).get<{ Schluessel: ApiSchluessel[] }>(BACKOFFICE_INTEGRATION_PATHS.keys)
  ).data.Schluessel;
}

export async function createApiKey(Name: string): Promise<ApiSchluesselMitGeheimnis> {
  return (
    await (await getApiClient()).post<ApiSchluesselMitGeheimnis>(BACKOFFICE_INTEGRATION_PATHS.keys, { Name })
  ).data;
}

export async function rotateApiKey(
  key: Pick<ApiSchluessel, 'Id' | 'Version'>,
  UeberlappungMinuten = 0,
): Promise<ApiSchluesselMitGeheimnis> {
  return (
    await (
      await getApiClient()
    ).post<ApiSchluesselMitGeheimnis>(BACKOFFICE_INTEGRATION_PATHS.rotate(key.Id), {
      Version: key.Version,
      UeberlappungMinuten,
    })
  ).data;
}

export async function revokeApiKey(key: Pick<ApiSchluessel, 'Id' | 'Version'>): Promise<ApiSchluessel> {
  return (
    await (
      await getApiClient()
    ).post<ApiSchluessel>(`${BACKOFFICE_INTEGRATION_PATHS.key(key.Id)}/widerrufen`, {
      Version: key.Version,
    })
  ).data;
}

export async function fetchWebhookEndpoints(): Promise<WebhookEndpunkt[]> {
  return (
    await (await getApiClient()).get<{ Endpunkte: WebhookEndpunkt[] }>(BACKOFFICE_INTEGRATION_PATHS.endpoints)
  ).data.Endpunkte;
}

export async function createWebhookEndpoint(body: {
  Url: string;
  Ereignisse?: string[];
}): Promise<WebhookEndpunktMitGeheimnis> {
  return (
    await (
      await getApiClient()
    ).post<WebhookEndpunktMitGeheimnis>(BACKOFFICE_INTEGRATION_PATHS.endpoints, body)
  ).data;
}

export async function deleteWebhookEndpoint(id: string): Promise<void> {
  await (await getApiClient()).delete(BACKOFFICE_INTEGRATION_PATHS.endpoint(id));
}

export function fetchWebhookDeliveries(query: ReportQuery): Promise<ReportPage<WebhookZustellungZeile>> {
  return fetchReportPage(BACKOFFICE_INTEGRATION_PATHS.deliveries, query);
}

export async function replayWebhookDelivery(id: string): Promise<string> {
  return (await (await getApiClient()).post<{ Id: string }>(BACKOFFICE_INTEGRATION_PATHS.replay(id))).data.Id;
}

export function fetchBackofficeStaff(query: ReportQuery): Promise<ReportPage<BackofficeMitarbeiterZeile>> {
  return fetchReportPage(BACKOFFICE_STAFF_PATHS.report, query);
}

export async function inviteBackofficeStaff(body: {
  Name: string;
  Email: string;
  Rollen: string[];
}): Promise<BackofficeMitarbeiterZeile> {
  return (await (await getApiClient()).post<BackofficeMitarbeiterZeile>(BACKOFFICE_STAFF_PATHS.invite, body))
    .data;
}

export async function changeBackofficeStaffRoles(
  row: Pick<BackofficeMitarbeiterZeile, 'Id' | 'Stand'>,
  Rollen: string[],
): Promise<BackofficeMitarbeiterZeile> {
  return (
    await (
      await getApiClient()
    ).put<BackofficeMitarbeiterZeile>(BACKOFFICE_STAFF_PATHS.roles(row.Id), {
      Rollen,
      Stand: row.Stand,
    })
  ).data;
}

export async function setBackofficeStaffStatus(
  row: Pick<BackofficeMitarbeiterZeile, 'Id' | 'Stand'>,
  Status: 'active' | 'inactive',
): Promise<BackofficeMitarbeiterZeile> {
  return (
    await (
      await getApiClient()
    ).put<BackofficeMitarbeiterZeile>(BACKOFFICE_STAFF_PATHS.status(row.Id), {
      Status,
      Stand: row.Stand,
    })
  ).data;
}

export async function setBackofficePassword(body: {
  Token: string;
  Password: string;
  PasswordConfirm: string;
}): Promise<void> {
  await (await getApiClient()).put(BACKOFFICE_STAFF_PATHS.setPassword, body);
}

export function fetchAuditLog(query: ReportQuery): Promise<ReportPage<AuditZeile>> {
  return fetchReportPage(BACKOFFICE_AUDIT_PATHS.report, query);
}

export function downloadAuditLog(format: ReportExportFormat, query: ReportExportQuery): Promise<void> {
  return downloadReportExport(BACKOFFICE_AUDIT_PATHS.report, format, query, 'protokoll');
}
