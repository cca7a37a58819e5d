import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../db/DatabaseSchema.ts';
import { globalPlugin } from '../plugins/globalPlugin.ts';
import { ClickBuffer, type ClickRow } from './ClickBuffer.ts';
import { ClickLinks } from './ClickLinks.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Batched click writes (`record`, `flush`): see server/clicks/README.md. */
    clickBuffer: ClickBuffer;
    /** Cached recommendation lookup of the click redirect. */
    clickLinks: ClickLinks;
  }
}

/** DESIGN "Scale": click rows are flushed at least every 200 ms and on shutdown. */
export const CLICK_FLUSH_INTERVAL_MS = 200;
/** Rows per insert: a full batch is written at once rather than waiting for the timer. */
export const CLICK_MAX_BATCH = 10_000;
const CLICK_RETRY_DELAY_MS = 1_000;
const LINK_CACHE = { maxEntries: 10_000, ttlMs: 10_000 };

/**
 * The click redirect's state: the cached link lookup and the click buffer. Registered after the database
 * plugin, so its onClose (Fastify runs them in reverse order) writes the last clicks before the database
 * closes.
 */
export const clicksPlugin = globalPlugin('clicks', async (app) => {
  const db = app.database.kysely;
  const buffer = new ClickBuffer({
    write: (rows) => insertClicks(db, rows),
    flushIntervalMs: CLICK_FLUSH_INTERVAL_MS,
    maxBatch: CLICK_MAX_BATCH,
    retryDelayMs: CLICK_RETRY_DELAY_MS,
    // The database's error code only: its message may quote row values (recipient numbers).
    onError: (error, pending) =>
      app.log.warn({ code: errorCode(error), pending }, 'click flush failed, will retry'),
  });
  app.decorate('clickBuffer', buffer);
  app.decorate('clickLinks', new ClickLinks(db, LINK_CACHE));
  app.addHook('onClose', async () => {
    await buffer.close();
    if (buffer.pending > 0)
      app.log.error({ lost: buffer.pending }, 'clicks could not be written at shutdown');
  });
});

function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : error instanceof Error ? error.name : 'unknown';
}

/**
 * One multi-row insert per batch, with five array parameters (`unnest`) instead of five parameters per
 * row: the statement stays small whatever the batch size, and PGlite (which runs on the server's thread)
 * parses and plans it in far less time than a VALUES list of thousands of rows.
 */
async function insertClicks(db: Kysely<DatabaseSchema>, rows: readonly ClickRow[]): Promise<void> {
  await sql`insert into click (mandant_id, recommendation_id, channel, empfaengernummer, clicked_at)
    select * from unnest(
      ${rows.map((row) => row.mandant_id)}::text[],
      ${rows.map((row) => row.recommendation_id)}::uuid[],
      ${rows.map((row) => row.channel)}::text[],
      ${rows.map((row) => row.empfaengernummer)}::text[],
      ${rows.map((row) => row.clicked_at)}::timestamptz[]
    )`.execute(db);
}
