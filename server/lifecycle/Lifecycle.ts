import type { Kysely, sql } from 'kysely';
import type {
  DatabaseSchema,
  LifecycleActor,
  PraemierungStatus,
  RecommendationStatus,
} from '../db/DatabaseSchema.ts';
import type { LifecycleEvent, LifecycleListener } from './LifecycleEvent.ts';
import { nextRecommendationStatus, type RecommendationReason } from './recommendationMachine.ts';
import { nextRewardStatus, type RewardReason } from './rewardMachine.ts';

type Db = Kysely<DatabaseSchema>;

export interface TransitionInput {
  mandantId: string;
  actor: LifecycleActor;
  /** The order the transition belongs to, stored with the event. */
  orderId?: string | null;
}

/** What a transition did: the stored event, or why the state machine refused it. */
export type TransitionOutcome<S> =
  | { applied: true; from: S | null; to: S; event: LifecycleEvent }
  | { applied: false; from: S | null; reason: 'refused' | 'not_found' };

/**
 * The only writer of the status columns of recommendation and praemierung (issue 13). Each call runs in
 * the caller's transaction: it locks the row (FOR UPDATE, so two transitions of one recommendation never
 * interleave), asks the pure state machine, writes the status, stores the event and hands it to the
 * listeners (webhooks, notification mails) in the same transaction. A refusal changes nothing.
 */
export class Lifecycle {
  readonly #listeners: LifecycleListener[] = [];

  constructor(private readonly now: () => Date) {}

  /** Listeners run in registration order inside the transition's transaction. */
  listen(listener: LifecycleListener): void {
    this.#listeners.push(listener);
  }

  /** The first event of a recommendation, in the transaction that inserted it (status Offen). */
  async recommendationCreated(
    trx: Db,
    input: TransitionInput & { recommendationId: string },
  ): Promise<LifecycleEvent> {
    const row = await trx
      .selectFrom('recommendation')
      .select(['empfehlungsnummer', 'status'])
      .where('mandant_id', '=', input.mandantId)
      .where('id', '=', input.recommendationId)
      .executeTakeFirstOrThrow();
    return this.#record(trx, {
      ...input,
      empfehlungsnummer: row.empfehlungsnummer,
      praemierungId: null,
      subject: 'recommendation',
      from: null,
      to: row.status,
      reason: 'recommendation.created',
    });
  }

  async recommendation(
    trx: Db,
    input: TransitionInput & { recommendationId: string; reason: RecommendationReason },
  ): Promise<TransitionOutcome<RecommendationStatus>> {
    const row = await trx
      .selectFrom('recommendation')
      .select(['status', 'empfehlungsnummer'])
      .where('mandant_id', '=', input.mandantId)
      .where('id', '=', input.recommendationId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return { applied: false, from: null, reason: 'not_found' };
    const next = nextRecommendationStatus(row.status, input.reason);
    if (!next.ok || next.to === null) return { applied: false, from: row.status, reason: 'refused' };
    if (next.to !== row.status) {
      await trx
        .updateTable('recommendation')
        .set({ status: next.to })
        .where('mandant_id', '=', input.mandantId)
        .where('id', '=', input.recommendationId)
        .execute();
    }
    const event = await this.#record(trx, {
      ...input,
      empfehlungsnummer: row.empfehlungsnummer,
      praemierungId: null,
      subject: 'recommendation',
      from: row.status,
      to: next.to,
    });
    return { applied: true, from: row.status, to: next.to, event };
  }

  /**
   * A reward's transition. `reward.created` is not here: rewards are created by `createReward`, which
   * records that event itself.
   */
  async reward(
    trx: Db,
    input: TransitionInput & { praemierungId: string; reason: Exclude<RewardReason, 'reward.created'> },
    extra: RewardColumns = {},
  ): Promise<TransitionOutcome<PraemierungStatus>> {
    const row = await trx
      .selectFrom('praemierung')
      .innerJoin('recommendation', 'recommendation.id', 'praemierung.recommendation_id')
      .select([
        'praemierung.status',
        'praemierung.recommendation_id',
        'praemierung.order_id',
        'recommendation.empfehlungsnummer',
      ])
      .where('praemierung.mandant_id', '=', input.mandantId)
      .where('praemierung.id', '=', input.praemierungId)
      .forUpdate()
      .executeTakeFirst();
    if (!row?.recommendation_id) return { applied: false, from: null, reason: 'not_found' };
    const next = nextRewardStatus(row.status, input.reason);
    if (!next.ok || next.to === null) return { applied: false, from: row.status, reason: 'refused' };
    await trx
      .updateTable('praemierung')
      .set({ status: next.to, ...extra })
      .where('mandant_id', '=', input.mandantId)
      .where('id', '=', input.praemierungId)
      .execute();
    const event = await this.#record(trx, {
      ...input,
      orderId: input.orderId ?? row.order_id,
      recommendationId: row.recommendation_id,
      empfehlungsnummer: row.empfehlungsnummer,
      subject: 'reward',
      from: row.status,
      to: next.to,
    });
    return { applied: true, from: row.status, to: next.to, event };
  }

  /** Creates a reward (Offen) and records `reward.created`. */
  async createReward(trx: Db, input: TransitionInput & NewReward): Promise<string> {
    const created = await trx
      .insertInto('praemierung')
      .values({
        mandant_id: input.mandantId,
        recommendation_id: input.recommendationId,
        account_id: input.accountId,
        recipient_id: input.recipientId,
        beneficiary: input.beneficiary,
        order_id: input.orderId ?? null,
        wert_cent: input.wertCent,
        status: 'Offen',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.#record(trx, {
      ...input,
      praemierungId: created.id,
      subject: 'reward',
      from: null,
      to: 'Offen',
      reason: 'reward.created',
    });
    return created.id;
  }

  async #record(
    trx: Db,
    input: TransitionInput & Omit<LifecycleEvent, 'id' | 'occurredAt' | 'orderId' | 'actor' | 'mandantId'>,
  ): Promise<LifecycleEvent> {
    const occurredAt = this.now();
    const row = await trx
      .insertInto('lifecycle_event')
      .values({
        mandant_id: input.mandantId,
        recommendation_id: input.recommendationId,
        praemierung_id: input.praemierungId,
        order_id: input.orderId ?? null,
        from_status: input.from,
        to_status: input.to,
        reason: input.reason,
        actor: input.actor,
        occurred_at: occurredAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const event: LifecycleEvent = {
      id: String(row.id),
      mandantId: input.mandantId,
      recommendationId: input.recommendationId,
      empfehlungsnummer: input.empfehlungsnummer,
      praemierungId: input.praemierungId,
      orderId: input.orderId ?? null,
      subject: input.subject,
      from: input.from,
      to: input.to,
      reason: input.reason,
      actor: input.actor,
      occurredAt,
    };
    for (const listener of this.#listeners) await listener(trx, event);
    return event;
  }
}

export interface NewReward {
  recommendationId: string;
  /** The recommendation's number, for the event (the caller has read the recommendation in this mandant). */
  empfehlungsnummer: string;
  beneficiary: 'recommender' | 'recipient';
  accountId: string | null;
  recipientId: string | null;
  wertCent: number;
}

/** Columns a reward transition may set beside the status (never the status itself). */
export interface RewardColumns {
  payout_run_id?: string | null;
  collected_at?: ReturnType<typeof sql<Date>> | Date;
  choose_until?: Date | null;
}
