/**
 * Rewards of the personal area (SPEC sections 3, 4, 7): the mandant's reward catalogue
 * (`mandants/NAME/praemien.json`, praemien.schema.json), the wire shapes of GET /praemie and GET/PUT
 * /praemierung/, and the pure rules both sides apply. Field names follow SPEC.
 */

/** How an earned reward is received (praemien.schema.json describes each). */
export type PraemienArt = 'Geld' | 'Gutschein' | 'Sachpraemie';

/** One entry of `praemien.json`, as validated. */
export interface PraemienKatalogEintrag {
  Id: string;
  Art: PraemienArt;
  Titel: string;
  Beschreibung: string;
  Partner?: string;
  Startdatum: string;
  Enddatum: string | null;
  EnddatumAnzeige: string | null;
  /** null: pays the earned reward's own value; a number: a fixed-value reward. */
  WertCent?: number | null;
  Grafik: string;
  Uebersetzungen?: Record<string, { Titel: string; Beschreibung: string }>;
}

export interface PraemienKatalog {
  praemien: PraemienKatalogEintrag[];
}

/** GET /praemie: one reward that can be chosen today, texts in the request's language. */
export interface PraemieAuswahl {
  Id: string;
  Art: PraemienArt;
  Titel: string;
  Beschreibung: string;
  Partner: string | null;
  Startdatum: string;
  Enddatum: string | null;
  EnddatumAnzeige: string | null;
  /** null: pays the earned value. Shown with the runtime's one money formatter (formatMoney). */
  WertCent: number | null;
  /** Path of the image (`/api/v1/{mandant}/praemie/{Id}/grafik100`). */
  Grafik: string;
}

/** SPEC section 3: the statuses of a reward (Praemierung). */
export const PRAEMIERUNG_STATUSES = [
  'Offen',
  'Bereitgestellt',
  'Ausgezahlt',
  'Abgeholt',
  'Storniert',
  'Abgelaufen',
] as const;
export type PraemierungStatus = (typeof PRAEMIERUNG_STATUSES)[number];

/** The receipt form of the reward details page (SPEC 2, RewardDetails). */
export interface PraemienEmpfaenger {
  Vorname: string;
  Nachname: string;
  Email: string;
}

/** GET /praemierung/: one reward the recommender earned (or the one a reward link names). */
export interface Praemierung {
  Id: string;
  Empfehlungsnummer: string | null;
  Status: PraemierungStatus;
  WertCent: number;
  /** The chosen reward of the catalogue, or null while none is chosen. */
  PraemieId: string | null;
  /** Wire date-time of the choice, or null. */
  GewaehltAm: string | null;
  /** Whether a reward can (still) be chosen: status Offen or Bereitgestellt (isChoosable). */
  Waehlbar: boolean;
  Empfaenger: PraemienEmpfaenger | null;
  /** With `?details`: the chosen catalogue entry (null when none is chosen or it left the catalogue). */
  Praemie?: PraemieAuswahl | null;
}

/** PUT /praemierung/ body: the chosen reward and the receipt form. */
export interface PraemierungWahl extends PraemienEmpfaenger {
  Id: string;
  PraemieId: string;
}

/** Image variants of GET /praemie/{id}/{variant} (SPEC 7: grafik100 and variants). */
export const PRAEMIE_IMAGE_VARIANTS = ['grafik', 'grafik100', 'grafik200', 'grafik400'] as const;

/**
 * A reward can be chosen (or the choice changed) while it is earned but not yet paid out: Offen (the
 * contract is not yet confirmed; the choice is kept) and Bereitgestellt (ready: choosing collects it).
 */
export function isChoosable(status: PraemierungStatus): boolean {
  return status === 'Offen' || status === 'Bereitgestellt';
}

/** Already received: a reward link then answers 'reward already collected' (PSOF0400). */
export function isCollected(status: PraemierungStatus): boolean {
  return status === 'Abgeholt' || status === 'Ausgezahlt';
}

/** A catalogue entry fits an earned value when it pays that value, or its fixed value is not more. */
export function fitsEarnedValue(entry: { WertCent?: number | null }, earnedCent: number): boolean {
  return entry.WertCent == null || entry.WertCent <= earnedCent;
}

/** Title and description in `language`, falling back to the German texts of the entry. */
export function localisedTexts(
  entry: PraemienKatalogEintrag,
  language: string,
): { Titel: string; Beschreibung: string } {
  return entry.Uebersetzungen?.[language] ?? { Titel: entry.Titel, Beschreibung: entry.Beschreibung };
}
