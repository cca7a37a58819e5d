/**
 * The profi-seller area on the wire (issue 16, SPEC 2 "Profi-seller pages"): what the server answers under
 * `/api/v1/{mandant}/profi/*` and what the runtime's profi blocks read. Amounts are integer cents; dates are
 * YYYY-MM-DD, months YYYY-MM (Berlin time). The routes are listed in server/profi/README.md.
 */

/** Small business under § 19 UStG (no VAT on the credit note) or with VAT (19 % on the net). */
export const PROFI_STEUERSTATUS = ['Kleinunternehmer', 'Regelbesteuert'] as const;
export type ProfiSteuerstatus = (typeof PROFI_STEUERSTATUS)[number];

/** A natural person or a company. */
export const PROFI_ARTEN = ['Person', 'Firma'] as const;
export type ProfiArt = (typeof PROFI_ARTEN)[number];

/** A commission follows its order: pending until the order is released, then approved, paid, or cancelled. */
export const PROFI_PROVISION_STATUS = ['Offen', 'Freigegeben', 'Ausgezahlt', 'Storniert'] as const;
export type ProfiProvisionStatus = (typeof PROFI_PROVISION_STATUS)[number];

/**
 * Why a commission is where it is, for the plain explanation (the runtime words it: `profi.grund.<Grund>`):
 * waiting for the client's confirmation, waiting for the claim period, in review, approved and to be billed,
 * on a credit note not yet paid, paid, cancelled with the order, or no Provision for the product.
 */
export const PROFI_PROVISION_GRUENDE = [
  'WartetAufBestaetigung',
  'WartetAufWiderrufsfrist',
  'InPruefung',
  'FreigegebenNaechsteGutschrift',
  'AufGutschrift',
  'Ausgezahlt',
  'AuftragStorniert',
  'KeineProvision',
] as const;
export type ProfiProvisionGrund = (typeof PROFI_PROVISION_GRUENDE)[number];

/** What needs the seller's action on the overview. */
export const PROFI_AUFGABEN = ['Bankdaten', 'Vereinbarung', 'Steuerdaten'] as const;
export type ProfiAufgabe = (typeof PROFI_AUFGABEN)[number];

/** The lifecycle status of an order as the seller sees it. */
export const PROFI_AUFTRAG_STATUS = [
  'Eingegangen',
  'Bestaetigt',
  'Freigegeben',
  'Storniert',
  'InPruefung',
] as const;
export type ProfiAuftragStatus = (typeof PROFI_AUFTRAG_STATUS)[number];

/** GET profi/daten (and the answer of PUT profi/daten, PUT profi/bankdaten, PUT profi/vereinbarung). */
export interface ProfiDaten {
  Profinummer: string;
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
  /** Masked (DE89 **** **** **** **** 00), or null when no bank data is stored. */
  IBAN: string | null;
  Kontoinhaber: string | null;
  /** When the seller agreement was accepted (ISO timestamp), or null. */
  VereinbarungAm: string | null;
  /** The agreement version the mandant asks for now. */
  VereinbarungVersion: string;
}

/** One order attributed to the seller (GET profi/auftraege, newest first, keyset paged). */
export interface ProfiAuftrag {
  Auftragsnummer: string;
  Empfehlungsnummer: string;
  ProduktId: string;
  /** The product's display name, or null when the catalogue no longer has it. */
  Produkt: string | null;
  /** The order date. */
  Datum: string;
  Status: ProfiAuftragStatus;
  ProvisionCent: number;
  ProvisionStatus: ProfiProvisionStatus;
}

/** One commission line (GET profi/provisionen, newest first, keyset paged). */
export interface ProfiProvision {
  Auftragsnummer: string;
  ProduktId: string;
  Produkt: string | null;
  Datum: string;
  /** From the product's Provision text (`standard;7000` → 7000). */
  BasisCent: number;
  /** Campaign extras. */
  ExtraCent: number;
  BetragCent: number;
  Status: ProfiProvisionStatus;
  Grund: ProfiProvisionGrund;
  /** The credit note the line is billed on, if any. */
  Gutschrift: string | null;
}

/** GET profi/uebersicht: this month at a glance, the latest orders, what needs the seller's action. */
export interface ProfiUebersicht {
  Profinummer: string;
  Name: string;
  /** The current month (Berlin), YYYY-MM. */
  Monat: string;
  /** Sums of this month's commissions by status (pending, approved, paid). */
  OffenCent: number;
  FreigegebenCent: number;
  AusgezahltCent: number;
  /** The newest five orders. */
  LetzteAuftraege: ProfiAuftrag[];
  Aufgaben: ProfiAufgabe[];
}

/** One credit note (GET profi/gutschriften, newest first); the PDF at GET profi/gutschriften/{Nummer}.pdf. */
export interface ProfiGutschrift {
  /** Printed number, e.g. GS-P-000042. */
  Nummer: string;
  Monat: string;
  Rechnungsdatum: string;
  Steuerstatus: ProfiSteuerstatus;
  NettoCent: number;
  UstSatzProzent: number;
  UstCent: number;
  BruttoCent: number;
  Positionen: number;
  Ausgezahlt: boolean;
}

/** The answer of POST profi/registrieren (201): a mail went to the address to set the password. */
export interface ProfiRegistrierungAntwort {
  Email: string;
}
