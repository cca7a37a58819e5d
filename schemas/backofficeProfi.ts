/**
 * Profi-sellers in the back office on the wire (issue 16): what `/api/v1/{mandant}/backoffice/profis*`
 * answers and what the block BackofficeProfiSellers reads. Amounts are integer cents. The routes are listed in
 * server/backoffice/profi/README.md.
 */
import type { ProfiArt, ProfiGutschrift, ProfiSteuerstatus } from './profi.ts';

/** A seller may use the profi area (`active`) or is blocked by the programme team (403 PSOF0940 there). */
export const PROFI_SELLER_STATUSES = ['active', 'blocked'] as const;
export type ProfiSellerStatus = (typeof PROFI_SELLER_STATUSES)[number];

/** Commission sums of a seller by status (all months). */
export interface BackofficeProfiSummen {
  OffenCent: number;
  FreigegebenCent: number;
  AusgezahltCent: number;
}

/** One row of PUT backoffice/profis. */
export interface BackofficeProfiZeile extends BackofficeProfiSummen {
  Id: string;
  Profinummer: string;
  /** The firm, or the person's name. */
  Name: string;
  /** The account's address; empty when the account was erased. */
  Email: string;
  Steuerstatus: ProfiSteuerstatus;
  /** Bank data stored. */
  Bankdaten: boolean;
  /** The agreement of the mandant's current version accepted. */
  Vereinbarung: boolean;
  Status: ProfiSellerStatus;
  RegistriertAm: string;
}

/** GET backoffice/profis/{id}: master data (IBAN masked), commission sums, credit notes. */
export interface BackofficeProfi extends BackofficeProfiSummen {
  Id: string;
  Profinummer: string;
  Status: ProfiSellerStatus;
  RegistriertAm: string;
  Email: string;
  Art: ProfiArt;
  Firma: string;
  Vorname: string;
  Nachname: string;
  Strasse: string;
  Plz: string;
  Ort: string;
  Telefon: string;
  Steuerstatus: ProfiSteuerstatus;
  Steuernummer: string;
  UstId: string;
  /** Masked, or null. */
  IBAN: string | null;
  Kontoinhaber: string | null;
  /** When the agreement of the current version was accepted, or null. */
  VereinbarungAm: string | null;
  StorniertCent: number;
  /** Number of commission lines (all statuses). */
  Provisionen: number;
  Gutschriften: ProfiGutschrift[];
}

/** PUT backoffice/profis/{id}/status: block or unblock; a reason is kept in the audit log. */
export interface ProfiStatusRequest {
  Status: ProfiSellerStatus;
  Grund?: string;
}

/** POST backoffice/profis/gutschriften: the credit notes of a finished month for every seller. */
export interface ProfiMonatRequest {
  /** YYYY-MM, a finished month (Berlin). */
  Monat: string;
}

export interface ProfiMonatAntwort {
  Monat: string;
  /** The numbers of the notes made now (GS-P-000001 …). */
  Erstellt: string[];
  /** Sellers who had their note of the month already. */
  Vorhanden: number;
  /** Profinummern skipped because address or tax data are missing (PSOF0961). */
  Uebersprungen: string[];
}

export const BACKOFFICE_PROFI_PATHS = {
  list: '/backoffice/profis',
  seller: (id: string) => `/backoffice/profis/${encodeURIComponent(id)}`,
  status: (id: string) => `/backoffice/profis/${encodeURIComponent(id)}/status`,
  pdf: (id: string, nummer: string) =>
    `/backoffice/profis/${encodeURIComponent(id)}/gutschriften/${encodeURIComponent(nummer)}.pdf`,
  month: '/backoffice/profis/gutschriften',
} as const;
