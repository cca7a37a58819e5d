import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/DatabaseSchema.ts';
import type { RecommendationValidity } from '../recipients/recommendationState.ts';
import { TtlCache } from './TtlCache.ts';

/** What the click redirect needs to know about a recommendation number. */
export interface ClickLink extends RecommendationValidity {
  id: string;
  linkHex: string;
  produktId: string;
}

export interface ClickLinkOptions {
  maxEntries: number;
  ttlMs: number;
}

/**
 * The recommendation behind `/empfehlen/click/{nr}`, cached per process for a few seconds (DESIGN
 * "Scale": the link lookup of the hot path is cached). Unknown numbers are cached too, so a flood of
 * made-up numbers costs one query per number and TTL. A status change (cancelled) shows after the TTL.
 */
export class ClickLinks {
  readonly #cache: TtlCache<ClickLink | null>;
  readonly #recipients: TtlCache<boolean>;

  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    options: ClickLinkOptions,
  ) {
    this.#cache = new TtlCache(options.maxEntries, options.ttlMs);
    this.#recipients = new TtlCache(options.maxEntries, options.ttlMs);
  }

  /** The cached answer (null: known to be unknown), or undefined when the database must be asked. */
  cached(mandantId: string, empfehlungsnummer: string): ClickLink | null | undefined {
    return this.#cache.get(`${mandantId}\n${empfehlungsnummer}`);
  }

  /**
   * Drops the cached answer after a change this instance made (an opt-in confirmed), so the link works at
   * once here; other instances see the change when their entry expires.
   */
  forget(mandantId: string, empfehlungsnummer: string): void {
    this.#cache.delete(`${mandantId}\n${empfehlungsnummer}`);
  }

  async find(mandantId: string, empfehlungsnummer: string): Promise<ClickLink | null> {
    const key = `${mandantId}\n${empfehlungsnummer}`;
    const cached = this.#cache.get(key);
    if (cached !== undefined) return cached;
    const row = await this.db
      .selectFrom('recommendation')
      .select([
        'id',
        'link_hex',
        'produkt_id',
        'status',
        'link_expires_at',
        'erased_at',
        'optin_token_hash',
        'optin_confirmed_at',
      ])
      .where('mandant_id', '=', mandantId)
      .where('empfehlungsnummer', '=', empfehlungsnummer)
      .executeTakeFirst();
    const link: ClickLink | null = row
      ? {
          id: row.id,
          linkHex: row.link_hex,
          produktId: row.produkt_id,
          status: row.status,
          linkExpiresAt: new Date(row.link_expires_at),
          erasedAt: row.erased_at === null ? null : new Date(row.erased_at),
          optinPending: row.optin_token_hash !== null && row.optin_confirmed_at === null,
        }
      : null;
    this.#cache.set(key, link);
    return link;
  }

  /**
   * Whether `empfaengernummer` is a recipient of this recommendation who has finished their part (data
   * and consent given, not erased): such a friend, coming back through the link, goes on to the order.
   * Asked only for clicks that carry a recipient number; cached like the links.
   */
  async recipientDone(link: ClickLink, mandantId: string, empfaengernummer: string): Promise<boolean> {
    const key = `${link.id}\n${empfaengernummer}`;
    const cached = this.#recipients.get(key);
    if (cached !== undefined) return cached;
    const row = await this.db
      .selectFrom('recipient')
      .select('id')
      .where('mandant_id', '=', mandantId)
      .where('recommendation_id', '=', link.id)
      .where('empfaengernummer', '=', empfaengernummer)
      .where('confirmed_at', 'is not', null)
      .where('erased_at', 'is', null)
      .executeTakeFirst();
    const done = row !== undefined;
    this.#recipients.set(key, done);
    return done;
  }
}
