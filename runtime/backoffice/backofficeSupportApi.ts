import {
  type AgencyDecisionRequest,
  BACKOFFICE_SUPPORT_PATHS,
  type BackofficeAgentur,
  type BackofficeAgenturZeile,
  type SupportAdminLoginResponse,
  type SupportEmpfehlerKarte,
  type SupportEmpfehlerZeile,
  type SupportMailRequest,
  type SupportMailResponse,
} from '../../schemas/backofficeSupport.ts';
import type { ReportPage, ReportQuery } from '../../schemas/reportQuery.ts';
import { getApiClient } from '../api/api.ts';
import { downloadFile } from '../table/reportApi.ts';

/** Support and agencies in the back office (issue 15, server/backoffice/support and agencies). */

/** PUT backoffice/support/empfehler: a page of the recommenders matching `search` (a DataTable's `load`). */
export async function searchRecommenders(
  search: string,
  query: ReportQuery,
): Promise<ReportPage<SupportEmpfehlerZeile>> {
  const client = await getApiClient();
  return (
    await client.put<ReportPage<SupportEmpfehlerZeile>>(BACKOFFICE_SUPPORT_PATHS.search, {
      ...query,
      Suche: search,
    })
  ).data;
}

/** GET backoffice/support/empfehler/{id}: the recommender's card. */
export async function fetchRecommenderCard(id: string): Promise<SupportEmpfehlerKarte> {
  return (await (await getApiClient()).get<SupportEmpfehlerKarte>(BACKOFFICE_SUPPORT_PATHS.card(id))).data;
}

/** POST …/adminLogin: the single-use admin login URL (the caller opens it in a new tab). */
export async function issueAdminLogin(id: string): Promise<SupportAdminLoginResponse> {
  return (
    await (await getApiClient()).post<SupportAdminLoginResponse>(BACKOFFICE_SUPPORT_PATHS.adminLogin(id))
  ).data;
}

/** POST …/mail: a mail sent again; answers the template that went out. */
export async function resendRecommenderMail(
  id: string,
  body: SupportMailRequest,
): Promise<SupportMailResponse> {
  return (
    await (await getApiClient()).post<SupportMailResponse>(BACKOFFICE_SUPPORT_PATHS.resendMail(id), body)
  ).data;
}

/** GET …/export as a download (GDPR Art. 15/20). */
export function downloadRecommenderExport(id: string): Promise<void> {
  return downloadFile(BACKOFFICE_SUPPORT_PATHS.export(id), `empfehler-daten-${id.slice(0, 8)}.json`);
}

/** POST …/loeschen with the e-mail typed again (GDPR Art. 17). */
export async function eraseRecommender(id: string, email: string): Promise<void> {
  await (await getApiClient()).post(BACKOFFICE_SUPPORT_PATHS.erase(id), { Email: email });
}

/** PUT backoffice/agenturen: a page of the mandant's agencies (a DataTable's `load`). */
export async function fetchAgencies(query: ReportQuery): Promise<ReportPage<BackofficeAgenturZeile>> {
  return (
    await (
      await getApiClient()
    ).put<ReportPage<BackofficeAgenturZeile>>(BACKOFFICE_SUPPORT_PATHS.agencies, query)
  ).data;
}

/** GET backoffice/agenturen/{id}: master data (IBAN masked) and owners. */
export async function fetchAgency(id: string): Promise<BackofficeAgentur> {
  return (await (await getApiClient()).get<BackofficeAgentur>(BACKOFFICE_SUPPORT_PATHS.agency(id))).data;
}

/** PUT backoffice/agenturen/{id}/entscheidung: activate or reject a pending agency. */
export async function decideAgency(id: string, body: AgencyDecisionRequest): Promise<BackofficeAgentur> {
  return (
    await (await getApiClient()).put<BackofficeAgentur>(BACKOFFICE_SUPPORT_PATHS.agencyDecision(id), body)
  ).data;
}
