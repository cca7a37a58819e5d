import type { EmpfehlungStatus } from './personalArea.ts';

/**
 * Wire shapes of the back office's orders, recommendations and review queue (issue 15,
 * server/backoffice/orders), relative to /api/v1/{mandant}. A recommendation is named by its
 * Empfehlungsnummer, an order by the client's Auftragsnummer.
 */
export const BACKOFFICE_ORDER_PATHS = {
  /** PUT: one page of the search (report query + Suche). */
  search: '/backoffice/auftraege/',
  /** GET: the search as CSV or XLSX (query parameters of the report query + Suche). */
  export: (format: 'csv' | 'xlsx') => `/backoffice/auftraege/export.${format}`,
  /** GET: one recommendation with its orders, rewards and the whole timeline. */
  detail: (empfehlungsnummer: string) => `/backoffice/auftraege/${encodeURIComponent(empfehlungsnummer)}`,
  /** POST: confirm the contract, cancel, reassign one order. */
  confirm: (auftragsnummer: string) =>
    `/backoffice/bestellungen/${encodeURIComponent(auftragsnummer)}/bestaetigen`,
  cancel: (auftragsnummer: string) =>
    `/backoffice/bestellungen/${encodeURIComponent(auftragsnummer)}/stornieren`,
  reassign: (auftragsnummer: string) =>
    `/backoffice/bestellungen/${encodeURIComponent(auftragsnummer)}/umbuchen`,
  /** PUT: one page of the review queue. */
  reviewQueue: '/backoffice/pruefung/',
  /** POST: approve or reject one flagged order. */
  review: (auftragsnummer: string) => `/backoffice/pruefung/${encodeURIComponent(auftragsnummer)}`,
  /** POST: approve or reject several. */
  reviewBulk: '/backoffice/pruefung/sammel',
} as const;

/** The state of a recommendation's order as the back office shows it. */
export const ORDER_STATES = ['keiner', 'wartet', 'bestaetigt', 'storniert', 'andererKanal'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const REVIEW_STATES = ['none', 'pending', 'approved', 'rejected'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** The fraud checks' reason codes (server/orders/fraudChecks.ts); the runtime explains each. */
export const FRAUD_REASONS = [
  'self_recommendation',
  'shared_iban',
  'burst_account',
  'burst_client',
  'disposable_email',
  'already_customer',
] as const;

/** PUT backoffice/auftraege/: the report query plus the search term. */
export interface OrderSearchQuery {
  /**
   * Exact search: an Empfehlungsnummer, a recommendation code, an Auftragsnummer (the client's order id)
   * or an e-mail address of the recommender or the recipient (case-insensitive). Empty: every
   * recommendation of the mandant.
   */
  Suche?: string | null;
}

/** One row of the search: a recommendation and its current order. */
export interface OrderSearchRow {
  Empfehlungsnummer: string;
  Code: string | null;
  Erstellt: string;
  Status: EmpfehlungStatus;
  Produkt: string | null;
  Empfehler: string | null;
  Empfaenger: string | null;
  Auftragsnummer: string | null;
  Auftragsstatus: OrderState;
  Pruefung: ReviewState;
}

/** An order of a recommendation in the detail (also one it was reassigned away from: `Aktuell` false). */
export interface BackofficeOrder {
  Auftragsnummer: string;
  ProduktId: string;
  Produkt: string | null;
  Auftragsdatum: string;
  Kanal: string;
  Quelle: string;
  Zugeordnet: boolean;
  Vertrag: string | null;
  Storniert: string | null;
  FreigabeAb: string | null;
  Pruefung: ReviewState;
  Pruefgruende: string[];
  Zustand: OrderState;
  /** Send it back with an action: a change since then answers 409 PSOF0705. */
  Version: number;
  /** The order belongs to this recommendation now (false: reassigned to another). */
  Aktuell: boolean;
  /** The Empfehlungsnummer it belongs to now. */
  Empfehlungsnummer: string;
}

export interface BackofficeReward {
  Empfaenger: 'recommender' | 'recipient';
  WertCent: number;
  Status: string;
  Auftragsnummer: string | null;
  Gewaehlt: string | null;
  Auszahlung: string | null;
}

export const TIMELINE_KINDS = [
  'lifecycle',
  'click',
  'recipient',
  'order',
  'reward',
  'payout',
  'audit',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** One entry of the timeline, in time order. */
export interface TimelineEntry {
  Zeit: string;
  Art: TimelineKind;
  /** What happened: a lifecycle reason (`order.attributed`), `recipient.created`, `audit:order.confirmed` … */
  Ereignis: string;
  Von: string | null;
  Nach: string | null;
  /** Who: the lifecycle actor, or the back-office user's e-mail. */
  Akteur: string | null;
  Auftragsnummer: string | null;
  /** The reason or note an operator gave, a count of clicks. */
  Hinweis: string | null;
}

/** GET backoffice/auftraege/{empfehlungsnummer}. */
export interface BackofficeOrderDetail {
  Empfehlungsnummer: string;
  Code: string | null;
  Status: EmpfehlungStatus;
  Erstellt: string;
  Produkt: string | null;
  Empfehler: { Name: string | null; Email: string | null };
  Empfaenger: {
    Empfaengernummer: string;
    Name: string | null;
    Email: string | null;
    Bestaetigt: string | null;
  }[];
  Klicks: number;
  Auftraege: BackofficeOrder[];
  Praemien: BackofficeReward[];
  Verlauf: TimelineEntry[];
}

/** POST bestaetigen / stornieren: the version seen and the reason (form backofficeOrderAction). */
export interface OrderActionRequest {
  Version: number;
  Grund: string;
}

/** POST umbuchen: also the code of the recommendation the order belongs to. */
export interface OrderReassignRequest extends OrderActionRequest {
  Empfehlungscode: string;
}

/** What an action answers: the order after it. */
export interface OrderActionResponse {
  Auftragsnummer: string;
  Empfehlungsnummer: string;
  Empfehlungsstatus: string;
  Zustand: OrderState;
  Pruefung: ReviewState;
  Version: number;
}

/** One row of the review queue. */
export interface ReviewRow {
  Auftragsnummer: string;
  Erfasst: string;
  Auftragsdatum: string;
  Empfehlungsnummer: string;
  Produkt: string | null;
  Empfehler: string | null;
  Empfaenger: string | null;
  Pruefgruende: string;
  Version: number;
}

export type ReviewDecision = 'freigeben' | 'ablehnen';

/** POST backoffice/pruefung/{auftragsnummer}. */
export interface ReviewRequest {
  Entscheidung: ReviewDecision;
  Version: number;
  Notiz: string;
}

/** POST backoffice/pruefung/sammel: the selected rows with the versions seen. */
export interface ReviewBulkRequest {
  Entscheidung: ReviewDecision;
  Notiz: string;
  Auftraege: { Auftragsnummer: string; Version: number }[];
}

export interface ReviewBulkResponse {
  Ergebnisse: { Auftragsnummer: string; Ok: boolean; Code: string | null }[];
}

export const REVIEW_BULK_MAX = 100;
