import type { Kysely, Selectable, Transaction } from 'kysely';
import { sql } from 'kysely';
import type {
  AktionConsent,
  DatabaseSchema,
  RecommendationKind,
  RecommendationTable,
} from '../db/DatabaseSchema.ts';

export type RecommendationRow = Selectable<RecommendationTable>;
type Db = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

/** What POST /Empfehlen/create writes; numbers and codes are drawn by the caller (retried on conflict). */
export interface NewRecommendation {
  mandantId: string;
  empfehlungsnummer: string;
  linkHex: string;
  code: string | null;
  kind: RecommendationKind;
  accountId: string | null;
  vorname: string;
  nachname: string;
  email: string;
  firma: string | null;
  produktId: string;
  produktQuelle: string;
  agentNummer: string | null;
  channel: string | null;
  anteilEmpfehler: number;
  praemieCent: number | null;
  aktionen: AktionConsent[];
  agbTextVersion: string | null;
  idempotencyKey: string | null;
  linkExpiresAt: Date;
  optinTokenHash: string | null;
  optinSentAt: Date | null;
}

/** Statuses in which a recommendation still counts as the recommender's current one for a product. */
const OPEN_STATUSES = ['Offen', 'Ok'] as const;

/** Every query names the mandant: no recommendation is ever read or changed outside its own mandant. */
export class RecommendationRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  findByNumber(
    mandantId: string,
    empfehlungsnummer: string,
    db: Db = this.db,
  ): Promise<RecommendationRow | undefined> {
    return db
      .selectFrom('recommendation')
      .selectAll()
      .where('mandant_id', '=', mandantId)
      .where('empfehlungsnummer', '=', empfehlungsnummer)
      .executeTakeFirst();
  }

  findByIdempotencyKey(
    mandantId: string,
    key: string,
    db: Db = this.db,
  ): Promise<RecommendationRow | undefined> {
    return db
      .selectFrom('recommendation')
      .selectAll()
      .where('mandant_id', '=', mandantId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
  }

  findByOptinToken(mandantId: string, tokenHash: string): Promise<RecommendationRow | undefined> {
    return this.db
      .selectFrom('recommendation')
      .selectAll()
      .where('mandant_id', '=', mandantId)
      .where('optin_token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** The recommender's recommendation of this product that is still open and followable, if any. */
  findOpenDuplicate(
    db: Db,
    mandantId: string,
    email: string,
    produktId: string,
    kind: RecommendationKind,
    now: Date,
  ): Promise<RecommendationRow | undefined> {
    return db
      .selectFrom('recommendation')
      .selectAll()
      .where('mandant_id', '=', mandantId)
      .where('empfehler_email', '=', email)
      .where('produkt_id', '=', produktId)
      .where('kind', '=', kind)
      .where('status', 'in', OPEN_STATUSES)
      .where('erased_at', 'is', null)
      .where('link_expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
  }

  /**
   * Serialises creates of one recommender and product (advisory lock until the transaction ends), so two
   * simultaneous requests cannot both pass the duplicate check.
   */
  async lockRecommender(
    tx: Transaction<DatabaseSchema>,
    mandantId: string,
    email: string,
    produktId: string,
  ) {
    await sql`select pg_advisory_xact_lock(hashtext(${`recommend:${mandantId}:${email}:${produktId}`}))`.execute(
      tx,
    );
  }

  /** Inserts unless a unique value (number, code, idempotency key) is taken; undefined then. */
  async insert(tx: Db, row: NewRecommendation): Promise<RecommendationRow | undefined> {
    return tx
      .insertInto('recommendation')
      .values({
        mandant_id: row.mandantId,
        empfehlungsnummer: row.empfehlungsnummer,
        link_hex: row.linkHex,
        code: row.code,
        kind: row.kind,
        account_id: row.accountId,
        empfehler_vorname: row.vorname,
        empfehler_nachname: row.nachname,
        empfehler_email: row.email,
        empfehler_firma: row.firma,
        produkt_id: row.produktId,
        produkt_quelle: row.produktQuelle,
        agent_nummer: row.agentNummer,
        channel: row.channel,
        anteil_empfehler: row.anteilEmpfehler,
        praemie_cent: row.praemieCent,
        aktionen: JSON.stringify(row.aktionen),
        agb_text_version: row.agbTextVersion,
        idempotency_key: row.idempotencyKey,
        link_expires_at: row.linkExpiresAt,
        optin_token_hash: row.optinTokenHash,
        optin_sent_at: row.optinSentAt,
      })
      .onConflict((conflict) => conflict.doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  /** PUT /empfehlung/{nr}: the channel and link type the owner shared by. */
  updateSharing(
    mandantId: string,
    id: string,
    changes: { channel?: string; linkType?: RecommendationRow['link_type'] },
  ): Promise<RecommendationRow | undefined> {
    return this.db
      .updateTable('recommendation')
      .set({
        ...(changes.channel !== undefined ? { channel: changes.channel } : {}),
        ...(changes.linkType !== undefined ? { link_type: changes.linkType } : {}),
      })
      .where('mandant_id', '=', mandantId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /** Confirms a pending opt-in once (one conditional update: two uses cannot both win). */
  confirmOptin(mandantId: string, tokenHash: string, now: Date): Promise<RecommendationRow | undefined> {
    return this.db
      .updateTable('recommendation')
      .set({ optin_confirmed_at: now, optin_token_hash: null })
      .where('mandant_id', '=', mandantId)
      .where('optin_token_hash', '=', tokenHash)
      .where('optin_confirmed_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * The recommendation of this e-mail and product whose opt-in link was sent and not yet used, while its
   * link has not expired (the resend path).
   */
  findPendingOptin(
    tx: Db,
    mandantId: string,
    email: string,
    produktId: string,
    now: Date,
  ): Promise<RecommendationRow | undefined> {
    return tx
      .selectFrom('recommendation')
      .selectAll()
      .where('mandant_id', '=', mandantId)
      .where('empfehler_email', '=', email)
      .where('produkt_id', '=', produktId)
      .where('optin_token_hash', 'is not', null)
      .where('optin_confirmed_at', 'is', null)
      .where('link_expires_at', '>', now)
      .executeTakeFirst();
  }

  /** A new opt-in link for a pending recommendation (the resend path); the old link stops working. */
  renewOptin(
    tx: Db,
    mandantId: string,
    id: string,
    tokenHash: string,
    now: Date,
  ): Promise<RecommendationRow | undefined> {
    return tx
      .updateTable('recommendation')
      .set({ optin_token_hash: tokenHash, optin_sent_at: now })
      .where('mandant_id', '=', mandantId)
      .where('id', '=', id)
      .where('optin_confirmed_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
  }
}

/** Pending opt-in: a token was issued and not yet used. */
export function isOptinPending(
  row: Pick<RecommendationRow, 'optin_token_hash' | 'optin_confirmed_at'>,
): boolean {
  return row.optin_token_hash !== null && row.optin_confirmed_at === null;
}
