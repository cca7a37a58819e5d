import { CUSTOMER_NUMBER_PATTERN } from './forms/customerNumber.ts';
/**
 * Wire shapes and pure rules of the recommender's personal area (SPEC sections 2, 3, 7: PersoenlicherBereich,
 * MeineDaten, EmpfehlerBankdaten, KundenNummer, deletion and export), shared by runtime forms and server.
 * Rewards live in praemien.ts, the newsletter in newsletter.ts, IBAN rules in iban.ts.
 */
import type { PraemierungStatus } from './praemien.ts';

/** SPEC section 3: the statuses of a recommendation. */
export const RECOMMENDATION_STATUSES = [
  'Offen',
  'Ok',
  'Freigegeben',
  'Gezahlt',
  'Abgelaufen',
  'Storniert',
] as const;
export type EmpfehlungStatus = (typeof RECOMMENDATION_STATUSES)[number];

/** GET /empfehler/empfehlungen/: one recommendation of the logged-in recommender. */
export interface EmpfehlungEintrag {
  Empfehlungsnummer: string;
  Status: EmpfehlungStatus;
  Produkt: { Id: string; Name: string | null };
  /** When it was made (wire date-time). */
  Datum: string;
  Channel: string | null;
  /** The recipient, masked ('M*** M***'), or null while nobody has followed the link. */
  Empfaenger: string | null;
  /** The reward earned with it, if any. */
  Praemierung: { Id: string; Status: PraemierungStatus; WertCent: number; PraemieId: string | null } | null;
  /** Issue 13: what happened, oldest first (the recommendation's and its reward's stored events). */
  Verlauf: VerlaufEintrag[];
  /** What comes next and by when; null when the recommendation has come to its end. */
  Naechster: NaechsterSchritt | null;
}

/**
 * One event of the timeline. `Grund` is the reason code of docs/lifecycle.md (recipient.confirmed,
 * order.attributed, order.other_channel …); the runtime words it per language (`timeline.reason.CODE`).
 */
export interface VerlaufEintrag {
  /** recommendation or reward (Praemierung). */
  Art: 'Empfehlung' | 'Praemie';
  Status: string;
  Grund: string;
  /** Wire date-time, Berlin. */
  Zeit: string;
}

/** The next step the recommender waits for (`timeline.next.CODE`), with the expected or latest date. */
export const NEXT_STEPS = [
  'recipient_data',
  'order',
  'contract',
  'review',
  'claim_period',
  'choose_reward',
  'payout',
  'voucher',
] as const;
export type NextStepCode = (typeof NEXT_STEPS)[number];

export interface NaechsterSchritt {
  Schritt: NextStepCode;
  /** Wire date-time: the deadline (recipient_data, choose_reward) or the expected date; null when unknown. */
  Datum: string | null;
}

/** GET …/showbanner/BannerTEZuTP. */
export interface BannerAnswer {
  Anzeigen: boolean;
}

/**
 * Bank details on the wire (SPEC 2 and 3): IBAN and account holder — the one definition of the shape, for
 * the recommender's and the recipient's calls alike. In answers the IBAN is always masked.
 */
export interface BankDetails {
  IBAN: string;
  Kontoinhaber: string;
}

/** GET /empfehler/bankdaten/ answer (null when none is stored). Alias kept for server/; use BankDetails. */
export type Bankdaten = BankDetails;

/** PUT /empfehler/bankdaten/ body. Alias kept for server/; use BankDetails. */
export type BankdatenRequest = BankDetails;

/** PUT /empfehler/meinedaten body: what the recommender may change about themselves. */
export interface MeineDatenRequest {
  Anrede: string;
  Vorname: string;
  Nachname: string;
}

/** The salutations the form offers ('' = none given). */
export const SALUTATIONS = ['', 'Frau', 'Herr', 'Divers'] as const;

/** GET /empfehler/GetResultFromKundennummer/ answer. */
export interface KundennummerErgebnis {
  /** The stored customer number, or null. */
  Kundennummer: string | null;
  /** The reward it belongs to. */
  PraemierungId: string;
}

export const NAME_MAX_LENGTH = 100;
/** Letters of any script, spaces, hyphens, apostrophes and dots: names, not numbers or markup. */
const NAME = /^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u;
/** A customer number as clients print them on bills: 4–20 digits, letters or dashes. */
const CUSTOMER_NUMBER = new RegExp(CUSTOMER_NUMBER_PATTERN);

/** What is wrong with a name field (Vorname, Nachname, Kontoinhaber), or null. */
export function checkName(value: string): 'required' | 'invalid' | null {
  const trimmed = value.trim();
  if (trimmed === '') return 'required';
  return trimmed.length <= NAME_MAX_LENGTH && NAME.test(trimmed) ? null : 'invalid';
}

export function checkKundennummer(value: string): 'required' | 'invalid' | null {
  const trimmed = value.trim();
  if (trimmed === '') return 'required';
  return CUSTOMER_NUMBER.test(trimmed) ? null : 'invalid';
}

/** 'Max Mustermann' → 'M*** M***': enough for the recommender to recognise a friend, nothing more. */
export function maskName(vorname: string | null, nachname: string | null): string | null {
  const parts = [vorname, nachname]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .map((part) => `${[...part][0]?.toUpperCase() ?? ''}***`);
  return parts.length > 0 ? parts.join(' ') : null;
}

/** SPEC 4: a recommendation as shown to the user — made, accepted, reward received. */
export const RECOMMENDATION_STEPS = ['made', 'accepted', 'rewarded'] as const;
export type RecommendationStep = (typeof RECOMMENDATION_STEPS)[number];

/** done: reached; current: what happens next; open: later; stopped: will not be reached. */
export type StepState = 'done' | 'current' | 'open' | 'stopped';

const ACCEPTED: readonly EmpfehlungStatus[] = ['Ok', 'Freigegeben', 'Gezahlt'];
const ENDED: readonly EmpfehlungStatus[] = ['Abgelaufen', 'Storniert'];
const RECEIVED: readonly PraemierungStatus[] = ['Ausgezahlt', 'Abgeholt'];
const LOST: readonly PraemierungStatus[] = ['Storniert', 'Abgelaufen'];

/**
 * The state of each of the three steps for a recommendation. "Made" is always done. "Accepted": the
 * recipient confirmed (Ok and later); Offen waits for it; Abgelaufen/Storniert stop there. "Reward
 * received": Gezahlt, or the reward collected or paid out; a cancelled or lapsed reward stops it.
 */
export function recommendationSteps(
  entry: Pick<EmpfehlungEintrag, 'Status' | 'Praemierung'>,
): Record<RecommendationStep, StepState> {
  const reward = entry.Praemierung?.Status;
  const ended = ENDED.includes(entry.Status);
  const accepted: StepState = ACCEPTED.includes(entry.Status) ? 'done' : ended ? 'stopped' : 'current';
  let rewarded: StepState;
  if (entry.Status === 'Gezahlt' || (reward && RECEIVED.includes(reward))) rewarded = 'done';
  else if (ended || (reward && LOST.includes(reward))) rewarded = 'stopped';
  else rewarded = accepted === 'done' ? 'current' : 'open';
  return { made: 'done', accepted, rewarded };
}

/**
 * Issue 13, notifications: the recommender gets a mail at each step that matters. These two are not
 * essential and can be turned off (reward ready, paid and cancelled always go out).
 */
export const OPTIONAL_NOTIFICATIONS = ['friendConfirmed', 'orderReceived'] as const;
export type OptionalNotification = (typeof OPTIONAL_NOTIFICATIONS)[number];

/** GET /empfehler/benachrichtigungen answer; PUT takes one entry. */
export interface BenachrichtigungEinstellung {
  Art: OptionalNotification;
  Aktiv: boolean;
}

/**
 * § 22 Nr. 3 EStG: other income up to 256 € a calendar year is tax-free (Freigrenze: above it, all of it is
 * taxable). The dashboard and the reward mail say so once the rewards paid in a year come near it.
 */
export const TAX_FREE_LIMIT_CENT = 25_600;
/** "Approach": from this share of the limit on. */
export const TAX_NOTICE_FROM_CENT = 20_000;

/** GET /empfehler/steuerhinweis. */
export interface Steuerhinweis {
  Anzeigen: boolean;
  Jahr: number;
  /** Rewards paid out or collected in that calendar year (Europe/Berlin). */
  SummeCent: number;
  FreigrenzeCent: number;
}
