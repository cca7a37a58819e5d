/**
 * The agency area's administration on the wire (issue 14, SPEC sections 6 and 7): reward plan, master data,
 * agency variables, the monthly commission credit notes and the statistics. Shared by the server's routes
 * (server/agency/{rewardPlan,masterData,invoices,statistics}) and the runtime's pages. Paths are relative to
 * /api/v1/{mandant}; the agency is always the caller's own (from the token).
 */

export const AGENCY_ADMIN_PATHS = {
  /** GET: the reward plan; POST a PraemienplanRequest (owner, inactive owner). */
  rewardPlan: '/agentur/praemienplan',
  /** DELETE one entry of the reward plan (owner, inactive owner). */
  rewardPlanEntry: (id: string) => `/agentur/praemienplan/${encodeURIComponent(id)}`,
  /** GET the master data (IBAN masked); PUT an AgenturStammdatenRequest (owner, inactive owner). */
  masterData: '/agentur/stammdaten',
  /**
   * PUT a list of AgenturVariable (stored in agency.variables); `{id}` is the caller's Agenturnummer. POST
   * on the same path is SPEC 7's read of the content variables (server/content).
   */
  agencyVariables: (agenturnummer: string) =>
    `/content/agenturvariables/${encodeURIComponent(agenturnummer)}`,
  /** GET the credit notes (owner, inactive owner). */
  invoices: '/agentur/rechnungen',
  /** GET one credit note as PDF. */
  invoicePdf: (nummer: number) => `/agentur/rechnungen/${nummer}.pdf`,
  /** POST: make the credit note of a finished month (`YYYY-MM`). */
  createInvoice: (monat: string) => `/agentur/rechnungen/${encodeURIComponent(monat)}`,
  /** GET ?von=YYYY-MM-DD&bis=YYYY-MM-DD: the statistics' series. */
  statistics: '/agentur/statistik',
} as const;

/** One entry of the agency's reward plan: what an order of the product earns the agency. */
export interface PraemienplanEintrag {
  Id: string;
  ProduktId: string;
  /** The product's name in the mandant's catalogue; null when the catalogue no longer has it. */
  Produkt: string | null;
  ProvisionCent: number;
  /** YYYY-MM-DD. */
  GueltigAb: string;
  /** YYYY-MM-DD, or null: open-ended. */
  GueltigBis: string | null;
}

export interface PraemienplanRequest {
  /** The product's Id (digits) or ExterneId in the mandant's catalogue. */
  ProduktId: string | number;
  ProvisionCent: number;
  GueltigAb: string;
  GueltigBis?: string | null;
}

/** SPEC 6 "master data" of the agency. */
export interface AgenturStammdaten {
  Agenturnummer: string;
  Firma: string;
  Strasse: string;
  Plz: string;
  Ort: string;
  UstId: string;
  Steuernummer: string;
  KontaktName: string;
  KontaktEmail: string;
  KontaktTelefon: string;
  /** Masked (DE** **** … 3000); null when none is stored. */
  IBAN: string | null;
  Kontoinhaber: string | null;
}

/**
 * PUT agentur/stammdaten. The optional texts left out are stored empty. IBAN: the full IBAN to store; null
 * or left out keeps the stored one; '' removes it (then Kontoinhaber is removed too).
 */
export interface AgenturStammdatenRequest {
  Firma: string;
  Strasse: string;
  Plz: string;
  Ort: string;
  UstId?: string;
  Steuernummer?: string;
  KontaktName?: string;
  KontaktEmail?: string;
  KontaktTelefon?: string;
  IBAN?: string | null;
  Kontoinhaber?: string | null;
}

/** PUT content/agenturvariables/{id}: the body is a list of these; it replaces the agency's variables. */
export interface AgenturVariable {
  Name: string;
  Value: string;
}

/** One credit note in the list (GET agentur/rechnungen). */
export interface AgenturRechnung {
  /** The agency's sequential number (1, 2, …): the path of the PDF. */
  Nummer: number;
  /** The number printed on the document, GS-{Agenturnummer}-{00001}. */
  Rechnungsnummer: string;
  /** The month billed, YYYY-MM. */
  Monat: string;
  /** YYYY-MM-DD. */
  Rechnungsdatum: string;
  Positionen: number;
  NettoCent: number;
  /** Per mille (190 = 19 %). */
  UstSatzPromille: number;
  UstCent: number;
  BruttoCent: number;
}

export type StatistikIntervall = 'Tag' | 'Monat';

export interface StatistikPunkt {
  /** YYYY-MM-DD for days, YYYY-MM for months (Berlin time). */
  Datum: string;
  Einladungen: number;
  Empfehlungen: number;
  Auftraege: number;
}

/** GET agentur/statistik: one point per day (ranges up to 62 days) or per month, gaps filled with 0. */
export interface AgenturStatistik {
  Intervall: StatistikIntervall;
  Punkte: StatistikPunkt[];
}

/** Ranges up to this many days (both ends included) are answered per day, longer ones per month. */
export const STATISTIK_MAX_TAGE_PRO_TAG = 62;
