import type { FiguresInterval } from './forms/backofficeFigures.ts';

/** Paths of the programme figures (issue 15), relative to /api/v1/{mandant}. */
export const BACKOFFICE_FIGURES_PATHS = {
  figures: '/backoffice/kennzahlen',
  choices: '/backoffice/kennzahlen/auswahl',
  export: (format: 'csv' | 'xlsx') => `/backoffice/kennzahlen/export.${format}`,
} as const;

/** The tables an export can hold: per period bucket, per channel, per product. */
export const FIGURES_TABLES = ['Zeitraum', 'Kanal', 'Produkt'] as const;
export type FiguresTable = (typeof FIGURES_TABLES)[number];

/** The counts of one bucket, channel or product. Money in cents; conversions null where nothing to divide by. */
export interface Kennzahlen {
  Klicks: number;
  Empfehlungen: number;
  EmpfaengerBestaetigt: number;
  Auftraege: number;
  /** Orders per click (0…n), null without clicks. */
  KonversionKlicks: number | null;
  /** Orders per recommendation, null without recommendations. */
  KonversionEmpfehlungen: number | null;
  PraemienFreigegeben: number;
  PraemienFreigegebenCent: number;
  PraemienGezahlt: number;
  PraemienGezahltCent: number;
}

/** Executed payout runs of a bucket (no channel, product or campaign: the filters do not apply). */
export interface Auszahlungen {
  Auszahlungslaeufe: number;
  Ueberweisungen: number;
  AuszahlungenCent: number;
}

export interface KennzahlenPunkt extends Kennzahlen, Auszahlungen {
  /** YYYY-MM-DD (day; the Monday of a week) or YYYY-MM (month), Europe/Berlin. */
  Datum: string;
}

export interface KennzahlenKanal extends Kennzahlen {
  /** '' for facts without a channel. */
  Kanal: string;
}

export interface KennzahlenProdukt extends Kennzahlen {
  ProduktId: string;
  Produkt: string | null;
}

/** GET backoffice/kennzahlen */
export interface KennzahlenAntwort {
  Intervall: FiguresInterval;
  von: string;
  bis: string;
  Summe: Kennzahlen & Auszahlungen;
  Punkte: KennzahlenPunkt[];
  Kanaele: KennzahlenKanal[];
  Produkte: KennzahlenProdukt[];
  /** The first Berlin day read from the raw rows rather than the rollup (null: no rollup yet). */
  RollupBis: string | null;
}

/** GET backoffice/kennzahlen/auswahl: what the filters offer. */
export interface KennzahlenAuswahl {
  Kanaele: string[];
  Produkte: { Id: string; Name: string | null }[];
  Aktionen: { Id: string; Titel: string }[];
}

const count = { type: 'integer', minimum: 0 } as const;
const ratio = { type: ['number', 'null'], minimum: 0 } as const;

const figureProperties = {
  Klicks: count,
  Empfehlungen: count,
  EmpfaengerBestaetigt: count,
  Auftraege: count,
  KonversionKlicks: ratio,
  KonversionEmpfehlungen: ratio,
  PraemienFreigegeben: count,
  PraemienFreigegebenCent: count,
  PraemienGezahlt: count,
  PraemienGezahltCent: count,
} as const;
const figureNames = Object.keys(figureProperties);
const payoutProperties = {
  Auszahlungslaeufe: count,
  Ueberweisungen: count,
  AuszahlungenCent: count,
} as const;
const payoutNames = Object.keys(payoutProperties);

/** The JSON Schema of the figures' answer (the response schema drops anything else). */
export const kennzahlenAntwortSchema = {
  type: 'object',
  required: ['Intervall', 'von', 'bis', 'Summe', 'Punkte', 'Kanaele', 'Produkte', 'RollupBis'],
  properties: {
    Intervall: { type: 'string', enum: ['Tag', 'Woche', 'Monat'] },
    von: { type: 'string' },
    bis: { type: 'string' },
    Summe: {
      type: 'object',
      required: [...figureNames, ...payoutNames],
      properties: { ...figureProperties, ...payoutProperties },
    },
    Punkte: {
      type: 'array',
      items: {
        type: 'object',
        required: ['Datum', ...figureNames, ...payoutNames],
        properties: {
          Datum: { type: 'string', description: 'YYYY-MM-DD (day, Monday of the week) or YYYY-MM (month).' },
          ...figureProperties,
          ...payoutProperties,
        },
      },
    },
    Kanaele: {
      type: 'array',
      items: {
        type: 'object',
        required: ['Kanal', ...figureNames],
        properties: { Kanal: { type: 'string' }, ...figureProperties },
      },
    },
    Produkte: {
      type: 'array',
      items: {
        type: 'object',
        required: ['ProduktId', 'Produkt', ...figureNames],
        properties: {
          ProduktId: { type: 'string' },
          Produkt: { type: ['string', 'null'] },
          ...figureProperties,
        },
      },
    },
    RollupBis: { type: ['string', 'null'] },
  },
} as const;

export const kennzahlenAuswahlSchema = {
  type: 'object',
  required: ['Kanaele', 'Produkte', 'Aktionen'],
  properties: {
    Kanaele: { type: 'array', items: { type: 'string' } },
    Produkte: {
      type: 'array',
      items: {
        type: 'object',
        required: ['Id', 'Name'],
        properties: { Id: { type: 'string' }, Name: { type: ['string', 'null'] } },
      },
    },
    Aktionen: {
      type: 'array',
      items: {
        type: 'object',
        required: ['Id', 'Titel'],
        properties: { Id: { type: 'string' }, Titel: { type: 'string' } },
      },
    },
  },
} as const;
