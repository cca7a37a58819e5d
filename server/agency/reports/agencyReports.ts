import type { AgencyAbility } from '../../../domain/agencyAbilities.ts';
import { INVITATION_ARTEN } from '../../../schemas/agency.ts';
import { RECOMMENDATION_STATUSES } from '../../../schemas/personalArea.ts';
import { PRAEMIERUNG_STATUSES } from '../../../schemas/praemien.ts';
import type { ReportDefinition } from '../../reports/ReportDefinition.ts';
import { agencyRecommendationReport } from './agencyRecommendationReport.ts';
import type { AgencyReportContext } from './agencyReportContext.ts';
import { INVITATION_STATUSES, invitationReportFor } from './invitationReport.ts';
import { LEAD_STATUSES, leadReportFor } from './leadReport.ts';
import { AGENCY_RELEASES, agencyOrderReport } from './orderReport.ts';
import { agencyRewardReport } from './rewardReport.ts';
import { AGENCY_USER_STATUSES, agencyStaffReport } from './staffReport.ts';

/** One agency report as a route: its path, the ability it needs, its definition and its wire row. */
export interface AgencyReportSpec<Row> {
  /** The Fastify path under /api/v1 (SPEC 7's path with `{x}` as `:nr`; a trailing slash is ignored). */
  path: string;
  ability: AgencyAbility;
  /** The definition as of `now` (leads and invitations expire). */
  report: (now: Date) => ReportDefinition<AgencyReportContext, Row>;
  rowSchema: { required: readonly string[] };
  /** The fields of the wire row, in order: what a page answers and an export writes. */
  wireColumns: readonly string[];
  summary: string;
  columnsText: string;
  sheet: string;
  file: string;
}

const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const wireDate = { type: 'string', description: 'YYYY-MM-DDThh:mm:ss (Europe/Berlin).' } as const;

function rowSchema<P extends Record<string, object>>(properties: P) {
  return { type: 'object', required: Object.keys(properties), properties } as const;
}

function spec<Row>(entry: Omit<AgencyReportSpec<Row>, 'wireColumns'>): AgencyReportSpec<Row> {
  return { ...entry, wireColumns: entry.rowSchema.required };
}

const staff = spec({
  path: '/:mandant/agentur/:nr',
  ability: 'employees',
  report: () => agencyStaffReport,
  rowSchema: rowSchema({
    Id: text,
    Name: text,
    Email: text,
    Mitarbeiternummer: nullableText,
    Rollen: { type: 'array', items: text },
    Status: { type: 'string', enum: [...AGENCY_USER_STATUSES] },
    Angelegt: wireDate,
  }),
  summary: 'The agency’s staff',
  columnsText:
    'Sortable: Name, Email, Mitarbeiternummer, Status, Angelegt (default, newest first). Filterable: Name, Email, Mitarbeiternummer (contains), Status (A,B), Angelegt (day or FROM..TO).',
  sheet: 'Mitarbeiter',
  file: 'mitarbeiter',
});

const orders = spec({
  path: '/:mandant/agentur/auftraege/:nr',
  ability: 'orderReport',
  report: () => agencyOrderReport,
  rowSchema: rowSchema({
    Auftragsnummer: text,
    Auftragsdatum: { type: 'string', description: 'YYYY-MM-DD.' },
    Produkt: { ...nullableText, description: 'The product’s name.' },
    Empfehlungsnummer: text,
    Empfehler: { ...nullableText, description: 'The recommender’s name.' },
    Mitarbeiter: { ...nullableText, description: 'The employee who brought the recommender.' },
    Status: { type: 'string', enum: [...RECOMMENDATION_STATUSES] },
    Freigabe: { type: 'string', enum: [...AGENCY_RELEASES] },
    ProvisionCent: {
      type: ['integer', 'null'],
      description: 'The commission of the agency’s reward plan for the product on the order date, in cents.',
    },
  }),
  summary: 'The orders through the agency’s recommenders',
  columnsText:
    'Sortable: Erfasst (when the order came in; default, newest first; not a field of the row), Auftragsnummer, Auftragsdatum, Empfehlungsnummer, Status, Freigabe. Filterable: Auftragsnummer, Empfehlungsnummer (contains), Auftragsdatum and Erfasst (day or FROM..TO), Status and Freigabe (A,B). A text Filter searches Auftragsnummer and Empfehlungsnummer.',
  sheet: 'Auftraege',
  file: 'auftraege',
});

const recommendations = spec({
  path: '/:mandant/agentur/empfehlungen/:nr',
  ability: 'recommenderReport',
  report: () => agencyRecommendationReport,
  rowSchema: rowSchema({
    Empfehlungsnummer: text,
    Datum: wireDate,
    Empfehler: nullableText,
    Mitarbeiter: nullableText,
    Produkt: nullableText,
    Status: { type: 'string', enum: [...RECOMMENDATION_STATUSES] },
    Channel: nullableText,
  }),
  summary: 'The recommendations of the agency’s recommenders',
  columnsText:
    'Sortable: Empfehlungsnummer, Datum (default, newest first), Status, Channel. Filterable: Empfehlungsnummer, Channel (contains), Datum (day or FROM..TO), Status (A,B).',
  sheet: 'Empfehlungen',
  file: 'empfehlungen',
});

const leads = spec({
  path: '/:mandant/agentur/leads/:nr',
  ability: 'invitations',
  report: leadReportFor,
  rowSchema: rowSchema({
    Empfehlungsnummer: text,
    Datum: wireDate,
    Empfaenger: { type: 'string', description: 'The friend, masked (M*** M***).' },
    Produkt: nullableText,
    Empfehler: nullableText,
    Status: { type: 'string', enum: [...LEAD_STATUSES] },
  }),
  summary: 'The leads: friends who gave their data through the agency’s recommenders',
  columnsText:
    'Sortable: Empfehlungsnummer, Datum (default, newest first), Status. Filterable: Empfehlungsnummer (contains), Datum (day or FROM..TO), Status (A,B). Status: Bestellt (an order), Bestaetigt (data and consent confirmed), Abgelaufen (unconfirmed data past its 12 weeks), else DatenErfasst.',
  sheet: 'Leads',
  file: 'leads',
});

const invitations = spec({
  path: '/:mandant/agentur/einladungen/:nr',
  ability: 'invitations',
  report: invitationReportFor,
  rowSchema: rowSchema({
    Id: text,
    Datum: wireDate,
    Vorname: text,
    Nachname: text,
    Email: text,
    Art: { type: 'string', enum: [...INVITATION_ARTEN] },
    Mitarbeiter: nullableText,
    Status: { type: 'string', enum: [...INVITATION_STATUSES] },
  }),
  summary: 'The agency’s invitations',
  columnsText:
    'Sortable: Datum (default, newest first), Vorname, Nachname, Email, Art, Status. Filterable: Vorname, Nachname, Email (contains), Datum (day or FROM..TO), Art and Status (A,B).',
  sheet: 'Einladungen',
  file: 'einladungen',
});

const rewards = spec({
  path: '/:mandant/agentur/praemien/:nr',
  ability: 'rewards',
  report: () => agencyRewardReport,
  rowSchema: rowSchema({
    Empfehlungsnummer: text,
    Empfehler: nullableText,
    Titel: { ...nullableText, description: 'The chosen reward’s title; null until one is chosen.' },
    WertCent: { type: 'integer' },
    Status: { type: 'string', enum: [...PRAEMIERUNG_STATUSES] },
    Datum: wireDate,
  }),
  summary: 'The rewards of the agency’s recommenders',
  columnsText:
    'Sortable: Empfehlungsnummer, WertCent, Status, Datum (default, newest first). Filterable: Empfehlungsnummer (contains), WertCent (N or MIN..MAX cents), Status (A,B), Datum (day or FROM..TO).',
  sheet: 'Praemien',
  file: 'praemien',
});

/** Every agency report of SPEC 7 (and the rewards list of issue 14). */
export const AGENCY_REPORTS: readonly AgencyReportSpec<object>[] = [
  staff,
  orders,
  recommendations,
  leads,
  invitations,
  rewards,
];
