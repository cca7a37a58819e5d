import { randomInt } from 'node:crypto';
import { type Kysely, type Selectable, sql } from 'kysely';
import { NUMBER_LENGTH } from '../../domain/recommendationLinks.ts';
import type { DatabaseSchema, RecipientTable, RecommendationTable } from '../db/DatabaseSchema.ts';
import type { RecommendationValidity } from './recommendationState.ts';

/** A recommendation as the recipient calls need it; only the recommender's first name and e-mail. */
export interface RecommendationRecord extends RecommendationValidity {
  id: string;
  mandantId: string;
  empfehlungsnummer: string;
  linkHex: string;
  empfehlerVorname: string | null;
  /** Lower-case; compared with the recipient's (PSOF0303). */
  empfehlerEmail: string | null;
  produktId: string;
  produktQuelle: string | null;
  anteilEmpfehler: number;
  praemieCent: number | null;
}

export interface RecipientRecord {
  id: string;
  mandantId: string;
  recommendationId: string;
  empfaengernummer: string;
  vorname: string | null;
  nachname: string | null;
  email: string | null;
  ibanEncrypted: string | null;
  kontoinhaber: string | null;
  confirmedAt: Date | null;
}

export interface NewRecipient {
  mandantId: string;
  recommendationId: string;
  vorname: string;
  nachname: string;
  /** Normalised (normalizeEmail). */
  email: string;
  channel: string | null;
  /** Unconfirmed data is erased after this moment. */
  deleteAfter: Date;
  /** Keyed fingerprint of the client (network and user agent) for the burst check; never the address. */
  clientFingerprint?: string | null;
}

export interface TrackingCompletion {
  mandantId: string;
  recipientId: string;
  recommendationId: string;
  channel: string | null;
  einsprungsquelle: string | null;
  anrede: string | null;
  vorname: string;
  name: string;
  /** ISO date YYYY-MM-DD. */
  geburtsdatum: string | null;
  email: string | null;
  telefon: string | null;
  werbeeinwilligung: boolean;
  ort: string | null;
  plz: string | null;
  strasse: string | null;
  hausnummer: string | null;
}

/** Which recommendation: by its number, its link hex, or its offline code. */
export type RecommendationKey = { empfehlungsnummer: string } | { linkHex: string } | { code: string };

/** Every method takes the mandant: nothing is ever read or changed outside its own mandant. */
export interface RecipientRepository {
  findRecommendation(mandantId: string, key: RecommendationKey): Promise<RecommendationRecord | undefined>;
  /**
   * The recipient of this recommendation with this e-mail, created if there is none yet (a replayed or
   * racing create finds the first one: the unique index decides, not a read before the write).
   */
  createOrFind(recipient: NewRecipient): Promise<{ recipient: RecipientRecord; created: boolean }>;
  /** A recipient whose data is not erased. */
  findRecipient(mandantId: string, recipientId: string): Promise<RecipientRecord | undefined>;
  /**
   * Records the consent and confirms the recipient's data, in one transaction; `confirmed` runs in it too
   * (the recommendation's transition to Ok, issue 13).
   */
  saveConsent(
    mandantId: string,
    recipientId: string,
    consent: { agbText: string; textVersion: string; source: string },
    confirmed?: (trx: Kysely<DatabaseSchema>) => Promise<void>,
  ): Promise<Date>;
  saveBankData(
    mandantId: string,
    recipientId: string,
    iban: { encrypted: string; fingerprint: string },
    kontoinhaber: string,
  ): Promise<void>;
  /** Inserts or replaces the recipient's tracking completion; answers when it was recorded. */
  saveTrackingCompletion(completion: TrackingCompletion): Promise<Date>;
}

const RECOMMENDATION_COLUMNS = [
  'id',
  'mandant_id',
  'empfehlungsnummer',
  'link_hex',
  'empfehler_vorname',
  'empfehler_email',
  'produkt_id',
  'produkt_quelle',
  'anteil_empfehler',
  'praemie_cent',
  'status',
  'link_expires_at',
  'erased_at',
  'optin_token_hash',
  'optin_confirmed_at',
] as const;

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';
/** Random 10-digit numbers collide rarely; a few retries are plenty. */
const NUMBER_ATTEMPTS = 5;

export function createRecipientRepository(db: Kysely<DatabaseSchema>): RecipientRepository {
  const selectRecipient = (mandantId: string) =>
    db.selectFrom('recipient').selectAll().where('mandant_id', '=', mandantId).where('erased_at', 'is', null);

  return {
    async findRecommendation(mandantId, key) {
      let query = db
        .selectFrom('recommendation')
        .select(RECOMMENDATION_COLUMNS)
        .where('mandant_id', '=', mandantId);
      if ('empfehlungsnummer' in key) query = query.where('empfehlungsnummer', '=', key.empfehlungsnummer);
      else if ('linkHex' in key) query = query.where('link_hex', '=', key.linkHex);
      else query = query.where('code', '=', key.code);
      const row = await query.executeTakeFirst();
      return row && toRecommendation(row);
    },

    async createOrFind(recipient) {
      const existing = await findByEmail(recipient);
      if (existing) return { recipient: existing, created: false };
      for (let attempt = 1; ; attempt++) {
        try {
          const inserted = await db
            .insertInto('recipient')
            .values({
              mandant_id: recipient.mandantId,
              recommendation_id: recipient.recommendationId,
              empfaengernummer: newNumber(),
              vorname: recipient.vorname,
              nachname: recipient.nachname,
              email: recipient.email,
              channel: recipient.channel,
              delete_after: recipient.deleteAfter,
              client_fingerprint: recipient.clientFingerprint ?? null,
            })
            .onConflict((conflict) =>
              conflict.columns(['recommendation_id', 'email']).where('email', 'is not', null).doNothing(),
            )
            .returningAll()
            .executeTakeFirst();
          if (inserted) return { recipient: toRecipient(inserted), created: true };
          // Another request created the same recipient a moment ago.
          const raced = await findByEmail(recipient);
          if (raced) return { recipient: raced, created: false };
          throw new Error('recipient neither inserted nor found');
        } catch (error) {
          if ((error as { code?: unknown }).code !== UNIQUE_VIOLATION || attempt >= NUMBER_ATTEMPTS)
            throw error;
          // The random Empfaengernummer was taken: draw another.
        }
      }
    },

    async findRecipient(mandantId, recipientId) {
      const row = await selectRecipient(mandantId).where('id', '=', recipientId).executeTakeFirst();
      return row && toRecipient(row);
    },

    async saveConsent(mandantId, recipientId, consent, confirmed) {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('recipient_consent')
          .values({
            mandant_id: mandantId,
            recipient_id: recipientId,
            agb_text: consent.agbText,
            text_version: consent.textVersion,
            source: consent.source,
          })
          .returning('given_at')
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('recipient')
          .set({ confirmed_at: sql<Date>`coalesce(confirmed_at, now())` })
          .where('mandant_id', '=', mandantId)
          .where('id', '=', recipientId)
          .execute();
        await confirmed?.(trx);
        return new Date(row.given_at);
      });
    },

    async saveBankData(mandantId, recipientId, iban, kontoinhaber) {
      await db
        .updateTable('recipient')
        .set({ iban_encrypted: iban.encrypted, iban_fingerprint: iban.fingerprint, kontoinhaber })
        .where('mandant_id', '=', mandantId)
        .where('id', '=', recipientId)
        .where('erased_at', 'is', null)
        .execute();
    },

    async saveTrackingCompletion(completion) {
      const values = {
        mandant_id: completion.mandantId,
        recommendation_id: completion.recommendationId,
        channel: completion.channel,
        einsprungsquelle: completion.einsprungsquelle,
        anrede: completion.anrede,
        vorname: completion.vorname,
        name: completion.name,
        geburtsdatum: completion.geburtsdatum,
        email: completion.email,
        telefon: completion.telefon,
        werbeeinwilligung: completion.werbeeinwilligung,
        ort: completion.ort,
        plz: completion.plz,
        strasse: completion.strasse,
        hausnummer: completion.hausnummer,
      };
      const row = await db
        .insertInto('tracking_completion')
        .values({ recipient_id: completion.recipientId, ...values })
        .onConflict((conflict) =>
          conflict.column('recipient_id').doUpdateSet({ ...values, completed_at: sql<Date>`now()` }),
        )
        .returning('completed_at')
        .executeTakeFirstOrThrow();
      return new Date(row.completed_at);
    },
  };

  async function findByEmail(recipient: NewRecipient): Promise<RecipientRecord | undefined> {
    const row = await selectRecipient(recipient.mandantId)
      .where('recommendation_id', '=', recipient.recommendationId)
      .where('email', '=', recipient.email)
      .executeTakeFirst();
    return row && toRecipient(row);
  }
}

/** 10 random digits without a leading zero (domain/recommendationLinks.ts: NUMBER_LENGTH). */
function newNumber(): string {
  return String(randomInt(10 ** (NUMBER_LENGTH - 1), 10 ** NUMBER_LENGTH));
}

type RecommendationRow = Pick<Selectable<RecommendationTable>, (typeof RECOMMENDATION_COLUMNS)[number]>;

function toRecommendation(row: RecommendationRow): RecommendationRecord {
  return {
    id: row.id,
    mandantId: row.mandant_id,
    empfehlungsnummer: row.empfehlungsnummer,
    linkHex: row.link_hex,
    empfehlerVorname: row.empfehler_vorname,
    empfehlerEmail: row.empfehler_email,
    produktId: row.produkt_id,
    produktQuelle: row.produkt_quelle,
    anteilEmpfehler: row.anteil_empfehler,
    praemieCent: row.praemie_cent,
    status: row.status,
    linkExpiresAt: new Date(row.link_expires_at),
    erasedAt: row.erased_at === null ? null : new Date(row.erased_at),
    optinPending: row.optin_token_hash !== null && row.optin_confirmed_at === null,
  };
}

function toRecipient(row: Selectable<RecipientTable>): RecipientRecord {
  return {
    id: row.id,
    mandantId: row.mandant_id,
    recommendationId: row.recommendation_id,
    empfaengernummer: row.empfaengernummer,
    vorname: row.vorname,
    nachname: row.nachname,
    email: row.email,
    ibanEncrypted: row.iban_encrypted,
    kontoinhaber: row.kontoinhaber,
    confirmedAt: row.confirmed_at === null ? null : new Date(row.confirmed_at),
  };
}
