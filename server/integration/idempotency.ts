import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../db/DatabaseSchema.ts';
import { ApiProblem } from '../http/ApiProblem.ts';

type Db = Kysely<DatabaseSchema>;

/** Stripe's window: a key's first answer is kept and replayed for 24 hours. */
export const IDEMPOTENCY_HOURS = 24;
/** Printable ASCII, like Stripe's keys (UUIDs, ULIDs, the CRM's own ids). */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

export interface StoredAnswer {
  status: number;
  body: unknown;
}

export function requestHash(parts: readonly string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex');
}

/**
 * Runs a write at most once per key (issue 13, Stripe's semantics). The key's record is inserted in the
 * transaction of the write, so the change and the stored answer commit together: after a crash either
 * both are there (a replay answers the stored answer) or neither (a replay does the work). A concurrent
 * request with the same key waits on the record's row and then replays. The same key with another body:
 * 409 PSOF0503. A refusal (4xx) is stored too, in its own transaction, so a replay gets the same refusal.
 */
export async function runIdempotent(
  db: Db,
  scope: { mandantId: string; key: string; hash: string; now: Date },
  work: (trx: Db) => Promise<StoredAnswer>,
  refusal: (error: ApiProblem) => StoredAnswer,
): Promise<StoredAnswer> {
  const expiresAt = new Date(scope.now.getTime() + IDEMPOTENCY_HOURS * 3_600_000);
  try {
    return await db.transaction().execute(async (trx) => {
      const inserted = await claimKey(trx, scope, expiresAt, null);
      if (!inserted) return replay(trx, scope);
      const answer = await work(trx);
      await trx
        .updateTable('idempotency_record')
        .set({ status_code: answer.status, response: JSON.stringify(answer.body ?? null) })
        .where('mandant_id', '=', scope.mandantId)
        .where('key', '=', scope.key)
        .execute();
      return answer;
    });
  } catch (error) {
    if (!(error instanceof ApiProblem) || error.code === 'PSOF0503' || error.statusCode >= 500) throw error;
    const answer = refusal(error);
    const stored = await claimKey(db, scope, expiresAt, answer);
    // Another request with the key won the race meanwhile: answer what it stored.
    return stored ? answer : replay(db, scope);
  }
}

/**
 * Inserts the key's record, or takes over one whose 24 hours are over, in one statement; a live record of
 * the key is left alone and nothing comes back (the caller replays it). With `answer` the record is
 * stored finished (a refusal); without, it is claimed for the work in the caller's transaction.
 */
function claimKey(
  db: Db,
  scope: { mandantId: string; key: string; hash: string; now: Date },
  expiresAt: Date,
  answer: StoredAnswer | null,
): Promise<{ key: string } | undefined> {
  const values = {
    request_hash: scope.hash,
    status_code: answer?.status ?? null,
    response: answer ? JSON.stringify(answer.body) : null,
    expires_at: expiresAt,
  };
  return db
    .insertInto('idempotency_record')
    .values({ mandant_id: scope.mandantId, key: scope.key, ...values })
    .onConflict((conflict) =>
      conflict
        .columns(['mandant_id', 'key'])
        .doUpdateSet({ ...values, created_at: sql<Date>`now()` })
        .where('idempotency_record.expires_at', '<=', scope.now),
    )
    .returning('key')
    .executeTakeFirst();
}

async function replay(
  db: Db,
  scope: { mandantId: string; key: string; hash: string },
): Promise<StoredAnswer> {
  const record = await db
    .selectFrom('idempotency_record')
    .select(['request_hash', 'status_code', 'response'])
    .where('mandant_id', '=', scope.mandantId)
    .where('key', '=', scope.key)
    .executeTakeFirstOrThrow();
  if (record.request_hash !== scope.hash || record.status_code === null) throw new ApiProblem('PSOF0503');
  return { status: record.status_code, body: record.response };
}

/** Housekeeping: records past their 24 hours. */
export async function purgeIdempotencyRecords(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom('idempotency_record').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
