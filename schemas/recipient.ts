import type { BankDetails } from './personalArea.ts';

/**
 * Wire shapes of the click and recipient calls (SPEC section 7, Recommendation and Recipient), shared by
 * server and runtime. Field names follow SPEC's style (German, capitalised) so the runtime also works
 * against the original backend where SPEC names them (Empfaengernummer, AgbText, IBAN, Kontoinhaber).
 */

/** The query parameter that carries a link's hex from the click redirect to the recipient data page. */
export const HEX_QUERY_PARAM = 'hex';

/** SPEC section 4: the recipient cookie per recommendation stores the recipient number. */
export const RECIPIENT_COOKIE_PREFIX = 'psoe_empfaenger_';

export function recipientCookieName(empfehlungsnummer: string): string {
  return `${RECIPIENT_COOKIE_PREFIX}${empfehlungsnummer}`;
}

/** The recipient's part of the reward (GET /empfaenger/{nr}/praemie/), in cents. */
export interface RecipientReward {
  WertCent: number;
  /** Percent of the reward that goes to the recipient (100 − AnteilEmpfehler), before the cap. */
  AnteilEmpfaenger: number;
}

/**
 * A recommendation as its recipient sees it: GET /empfehlen/{nr}/{hex}, GET /empfehlen/any/{nr}/{hex}
 * (also when expired, then `Abgelaufen: true`) and GET /empfaenger/{hex}. Only the recommender's first name.
 */
export interface RecipientRecommendation {
  Empfehlungsnummer: string;
  Hex: string;
  ProduktId: string;
  ProduktQuelle: string | null;
  /** The product's display name from the mandant's catalogue; null when it is not (or no longer) there. */
  ProduktName: string | null;
  EmpfehlerVorname: string | null;
  AnteilEmpfehler: number;
  /** null when the recommendation carries no reward or the recipient's part is 0. */
  Praemie: RecipientReward | null;
  /** Last moment to follow the link, wire date-time (YYYY-MM-DDThh:mm:ss, Berlin). */
  GueltigBis: string;
  Abgelaufen: boolean;
  /** ModuleStoringBankdata: the journey asks for the recipient's bank data. */
  BankdatenErforderlich: boolean;
}

/** GET /empfehlung/empfehlungscode/{code}: the recommendation behind an offline code. */
export interface RecommendationCodeResponse {
  Empfehlungsnummer: string;
  Hex: string;
}

/** POST /empfaenger/create/{nr}?channel= — the recipient data form (SPEC section 3). */
export interface CreateRecipientRequest {
  Vorname: string;
  Nachname: string;
  Email: string;
  /** SPEC 5: true, 'yes' or a positive number count as accepted. */
  AgbAkzeptiert: boolean | string | number;
}

export interface CreateRecipientResponse {
  Empfaengernummer: string;
  /** Recipient token: send it as Bearer on the recipient calls; it is never a login. */
  Token: string;
}

/** PUT /empfaenger/zustimmung: the exact consent text the recipient agreed to. */
export interface RecipientConsentRequest {
  AgbText: string;
}

export interface RecipientConsentResponse {
  /** Wire date-time the consent was recorded. */
  ZugestimmtAm: string;
  /** SHA-256 (hex) of AgbText: which version of the text was agreed to. */
  TextVersion: string;
}

/** POST /empfaenger/bankdaten (SPEC section 3: IBAN and account holder). */
export type RecipientBankDataRequest = BankDetails;

/** GET /empfaenger/auftrag: the recipient's own state; the IBAN only masked. */
export interface RecipientOrder {
  Empfaengernummer: string;
  Empfehlungsnummer: string;
  Vorname: string | null;
  Nachname: string | null;
  Email: string | null;
  /** Consent given (and so the data confirmed). */
  Zustimmung: boolean;
  Bankdaten: BankDetails | null;
  BankdatenErforderlich: boolean;
  Praemie: RecipientReward | null;
}
