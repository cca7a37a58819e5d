import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/DatabaseSchema.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import type { OrderDeps } from './OrderDeps.ts';

type Db = Kysely<DatabaseSchema>;
const BATCH = 200;

/**
 * The expiry sweep (issue 13, SPEC 1 and 9), idempotent so every instance may run it: a deadline lives in
 * its row and the state machine refuses a second transition.
 * - link.expired: Offen, nobody gave data, the 60 days to follow the link are over;
 * - data.expired: Offen, the recipient's data was erased unconfirmed after 12 weeks;
 * - choice.expired: a provided reward not chosen within programme.rewardChoiceDays.
 */
export async function expireLifecycle(db: Db, deps: OrderDeps, mandant: LoadedMandant): Promise<number> {
  const now = deps.now();
  const linkExpired = await db
    .selectFrom('recommendation')
    .select('id')
    .where('mandant_id', '=', mandant.id)
    .where('status', '=', 'Offen')
    .where('link_expires_at', '<=', now)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('recipient')
            .select('id')
            .whereRef('recipient.recommendation_id', '=', 'recommendation.id'),
        ),
      ),
    )
    .limit(BATCH)
    .execute();
  const dataExpired = await db
    .selectFrom('recommendation')
    .select('id')
    .where('mandant_id', '=', mandant.id)
    .where('status', '=', 'Offen')
    .where(({ exists, not, selectFrom, and }) =>
      and([
        exists(
          selectFrom('recipient')
            .select('id')
            .whereRef('recipient.recommendation_id', '=', 'recommendation.id')
            .where('erased_at', 'is not', null),
        ),
        not(
          exists(
            selectFrom('recipient')
              .select('id')
              .whereRef('recipient.recommendation_id', '=', 'recommendation.id')
              .where('erased_at', 'is', null),
          ),
        ),
      ]),
    )
    .limit(BATCH)
    .execute();
  const lapsed = await db
    .selectFrom('praemierung')
    .select('id')
    .where('mandant_id', '=', mandant.id)
    .where('status', '=', 'Bereitgestellt')
    .where('praemie_id', 'is', null)
    .where('choose_until', '<=', now)
    .limit(BATCH)
    .execute();
  let changed = 0;
  const count = (outcome: { applied: boolean }) => {
    if (outcome.applied) changed += 1;
  };
  for (const { id } of linkExpired) {
    await db.transaction().execute(async (trx) =>
      count(
        await deps.lifecycle.recommendation(trx, {
          mandantId: mandant.id,
          recommendationId: id,
          reason: 'link.expired',
          actor: 'system',
        }),
      ),
    );
  }
  for (const { id } of dataExpired) {
    await db.transaction().execute(async (trx) =>
      count(
        await deps.lifecycle.recommendation(trx, {
          mandantId: mandant.id,
          recommendationId: id,
          reason: 'data.expired',
          actor: 'system',
        }),
      ),
    );
  }
  for (const { id } of lapsed) {
    await db.transaction().execute(async (trx) =>
      count(
        await deps.lifecycle.reward(trx, {
          mandantId: mandant.id,
          praemierungId: id,
          reason: 'choice.expired',
          actor: 'system',
        }),
      ),
    );
  }
  return changed;
}
