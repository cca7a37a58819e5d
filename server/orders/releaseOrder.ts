import type { Kysely } from 'kysely';
import type { DatabaseSchema, LifecycleActor } from '../db/DatabaseSchema.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import { approveProfiCommission } from '../profi/commissions/profiCommissions.ts';
import { enqueueRewardMail } from '../rewards/rewardMail.ts';
import type { OrderDeps } from './OrderDeps.ts';

type Db = Kysely<DatabaseSchema>;

/**
 * Releases one order when everything is there (issue 13): contract concluded, claim period over
 * (release_due_at, from ModuleAuftragsdatumMindestalterTage), not cancelled, no review open or rejected,
 * and for an agency's order the agency's release (issue 14: `agency_release = 'released'`).
 * The recommendation becomes Freigegeben, its rewards Bereitgestellt with a period to choose, and each
 * beneficiary gets the reward mail with a reward-collection link. Anything not ready: nothing happens
 * (false). Safe to call twice: the state machine refuses the second release.
 */
export async function releaseOrder(
  trx: Db,
  deps: OrderDeps,
  mandant: LoadedMandant,
  orderId: string,
  /** Who caused the release: the sweep ('system'), or the agency releasing an order that is already due. */
  actor: LifecycleActor = 'system',
): Promise<boolean> {
  const now = deps.now();
  const order = await trx
    .selectFrom('customer_order')
    .select(['id', 'recommendation_id'])
    .where('mandant_id', '=', mandant.id)
    .where('id', '=', orderId)
    .where('attributed', '=', true)
    .where('cancelled_at', 'is', null)
    .where('concluded_at', 'is not', null)
    .where('release_due_at', '<=', now)
    .where('review', 'in', ['none', 'approved'])
    .where((eb) => eb.or([eb('agency_id', 'is', null), eb('agency_release', '=', 'released')]))
    .forUpdate()
    .executeTakeFirst();
  if (!order) return false;
  const outcome = await deps.lifecycle.recommendation(trx, {
    mandantId: mandant.id,
    recommendationId: order.recommendation_id,
    reason: 'order.released',
    actor,
    orderId: order.id,
  });
  if (!outcome.applied) return false;
  // A profi-seller's commission follows its order (issue 16).
  await approveProfiCommission(trx, mandant.id, order.id, now);
  const chooseUntil = new Date(now.getTime() + mandant.config.programme.rewardChoiceDays * 86_400_000);
  const rewards = await trx
    .selectFrom('praemierung')
    .select('id')
    .where('mandant_id', '=', mandant.id)
    .where('order_id', '=', order.id)
    .where('status', '=', 'Offen')
    .execute();
  for (const reward of rewards) {
    const released = await deps.lifecycle.reward(
      trx,
      {
        mandantId: mandant.id,
        praemierungId: reward.id,
        reason: 'order.released',
        actor,
        orderId: order.id,
      },
      { choose_until: chooseUntil },
    );
    if (released.applied) await enqueueRewardMail(trx, deps.mail, mandant, reward.id);
  }
  return true;
}

/**
 * The release job: every order of the mandant whose claim period has passed and, if it came through an
 * agency, that the agency released. Returns how many.
 */
export async function releaseDueOrders(db: Db, deps: OrderDeps, mandant: LoadedMandant): Promise<number> {
  const due = await db
    .selectFrom('customer_order')
    .select('id')
    .where('mandant_id', '=', mandant.id)
    .where('release_due_at', '<=', deps.now())
    .where('cancelled_at', 'is', null)
    .where('review', 'in', ['none', 'approved'])
    .where((eb) => eb.or([eb('agency_id', 'is', null), eb('agency_release', '=', 'released')]))
    .where('recommendation_id', 'in', (eb) =>
      eb
        .selectFrom('recommendation')
        .select('id')
        .where('mandant_id', '=', mandant.id)
        .where('status', '=', 'Ok'),
    )
    .orderBy('release_due_at')
    .limit(500)
    .execute();
  let released = 0;
  for (const { id } of due) {
    // One transaction per order: a failure stops one release, not the batch; SKIP LOCKED in releaseOrder's
    // FOR UPDATE is not needed because the state machine makes a second release a no-op.
    if (await db.transaction().execute((trx) => releaseOrder(trx, deps, mandant, id))) released += 1;
  }
  return released;
}
