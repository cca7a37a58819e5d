/**
 * Wire shapes of the back office's payout runs and voucher pools (issue 15, server/backoffice/payouts),
 * relative to /api/v1/{mandant}. Money is integer cents; IBANs are masked (domain/iban.ts maskIban).
 */
export const BACKOFFICE_PAYOUT_PATHS = {
  runs: '/backoffice/auszahlungen/laeufe',
  runList: '/backoffice/auszahlungen/laeufe/liste',
  run: (id: string) => `/backoffice/auszahlungen/laeufe/${encodeURIComponent(id)}`,
  runRewards: (id: string) => `/backoffice/auszahlungen/laeufe/${encodeURIComponent(id)}/praemien`,
  runCreditNotes: (id: string) => `/backoffice/auszahlungen/laeufe/${encodeURIComponent(id)}/gutschriften`,
  runSepa: (id: string) => `/backoffice/auszahlungen/laeufe/${encodeURIComponent(id)}/sepa`,
  runExecuted: (id: string) => `/backoffice/auszahlungen/laeufe/${encodeURIComponent(id)}/ausgefuehrt`,
  vouchers: '/backoffice/gutscheine',
  voucherImport: '/backoffice/gutscheine/import',
  voucherThreshold: (praemieId: string) => `/backoffice/gutscheine/${encodeURIComponent(praemieId)}/schwelle`,
} as const;

export const PAYOUT_RUN_STATUSES = ['created', 'executed'] as const;
export type PayoutRunStatus = (typeof PAYOUT_RUN_STATUSES)[number];

/** One payout run: a row of the run list and the head of a run's detail. */
export interface AuszahlungslaufZeile {
  Id: string;
  Status: PayoutRunStatus;
  /** YYYY-MM-DD */
  Ausfuehrungsdatum: string;
  SummeCent: number;
  Anzahl: number;
  /** ISO date-time */
  Erstellt: string;
  ErstelltVon: string;
  Ausgefuehrt: string | null;
}

export const auszahlungslaufSchema = {
  type: 'object',
  required: [
    'Id',
    'Status',
    'Ausfuehrungsdatum',
    'SummeCent',
    'Anzahl',
    'Erstellt',
    'ErstelltVon',
    'Ausgefuehrt',
  ],
  properties: {
    Id: { type: 'string' },
    Status: { type: 'string', enum: PAYOUT_RUN_STATUSES },
    Ausfuehrungsdatum: { type: 'string' },
    SummeCent: { type: 'integer' },
    Anzahl: { type: 'integer' },
    Erstellt: { type: 'string' },
    ErstelltVon: { type: 'string' },
    Ausgefuehrt: { type: ['string', 'null'] },
  },
} as const;

/** One reward of a run. */
export interface AuszahlungPraemieZeile {
  Id: string;
  /** Whose reward: the recommender's or the recipient's (friend's) part. */
  Empfaenger: 'recommender' | 'recipient';
  Empfehlungsnummer: string;
  Kontoinhaber: string | null;
  /** Masked (`DE89 **** **** **** **30 00`); null when the bank data was deleted after the run was made. */
  IBAN: string | null;
  WertCent: number;
  Status: string;
}

export const auszahlungPraemieSchema = {
  type: 'object',
  required: ['Id', 'Empfaenger', 'Empfehlungsnummer', 'Kontoinhaber', 'IBAN', 'WertCent', 'Status'],
  properties: {
    Id: { type: 'string' },
    Empfaenger: { type: 'string', enum: ['recommender', 'recipient'] },
    Empfehlungsnummer: { type: 'string' },
    Kontoinhaber: { type: ['string', 'null'] },
    IBAN: { type: ['string', 'null'] },
    WertCent: { type: 'integer' },
    Status: { type: 'string' },
  },
} as const;

/** One profi-seller credit note a run pays (issue 16): one transfer of its gross. */
export interface AuszahlungGutschriftZeile {
  Id: string;
  /** As printed, `GS-P-000001`. */
  Nummer: string;
  Profinummer: string;
  /** The seller as named on the credit note: the company, else the person's name. */
  Verkaeufer: string;
  /** The month billed, YYYY-MM. */
  Monat: string;
  Kontoinhaber: string | null;
  /** Masked like a reward's; null when the seller's bank data was deleted after the run was made. */
  IBAN: string | null;
  BruttoCent: number;
  /** ISO date-time the run was executed (the note paid); null before. */
  BezahltAm: string | null;
}

export const auszahlungGutschriftSchema = {
  type: 'object',
  required: [
    'Id',
    'Nummer',
    'Profinummer',
    'Verkaeufer',
    'Monat',
    'Kontoinhaber',
    'IBAN',
    'BruttoCent',
    'BezahltAm',
  ],
  properties: {
    Id: { type: 'string' },
    Nummer: { type: 'string' },
    Profinummer: { type: 'string' },
    Verkaeufer: { type: 'string' },
    Monat: { type: 'string' },
    Kontoinhaber: { type: ['string', 'null'] },
    IBAN: { type: ['string', 'null'] },
    BruttoCent: { type: 'integer' },
    BezahltAm: { type: ['string', 'null'] },
  },
} as const;

/** POST backoffice/auszahlungen/laeufe body. */
export interface AuszahlungslaufAnlegen {
  Ausfuehrungsdatum: string;
}

/** One voucher pool: a voucher entry of the catalogue with its stock and threshold. */
export interface GutscheinPoolZeile {
  PraemieId: string;
  Titel: string;
  Frei: number;
  Ausgegeben: number;
  /** Below this many free codes the pool is low. */
  Schwelle: number;
  /** The threshold is the mandant's default (programme.voucherLowStock), not set for this pool. */
  SchwelleStandard: boolean;
  /** Free codes below the threshold. */
  Niedrig: boolean;
  /** When the alert mail went to finance (null: none pending). */
  Gemeldet: string | null;
  /** The pool setting's version (its last change, ISO; null: never set): sent back with a threshold change. */
  Stand: string | null;
}

export const gutscheinPoolSchema = {
  type: 'object',
  required: [
    'PraemieId',
    'Titel',
    'Frei',
    'Ausgegeben',
    'Schwelle',
    'SchwelleStandard',
    'Niedrig',
    'Gemeldet',
  ],
  properties: {
    PraemieId: { type: 'string' },
    Titel: { type: 'string' },
    Frei: { type: 'integer' },
    Ausgegeben: { type: 'integer' },
    Schwelle: { type: 'integer' },
    SchwelleStandard: { type: 'boolean' },
    Niedrig: { type: 'boolean' },
    Gemeldet: { type: ['string', 'null'] },
    Stand: { type: ['string', 'null'] },
  },
} as const;

/** GET backoffice/gutscheine answer. */
export interface GutscheinBestand {
  Pools: GutscheinPoolZeile[];
}

/** POST backoffice/gutscheine/import answer. */
export interface GutscheinImportErgebnis {
  Importiert: number;
  Doppelt: number;
  Pools: GutscheinPoolZeile[];
}
