import type { Kysely } from 'kysely';
import { isEmailAddress } from '../../schemas/forms/fields.ts';
import { checkName } from '../../schemas/personalArea.ts';
import { fitsEarnedValue, isChoosable, isCollected, type PraemierungWahl } from '../../schemas/praemien.ts';
import type { Account } from '../account/accountRepository.ts';
import { normalizeEmail } from '../auth/normalizeEmail.ts';
import type { DatabaseSchema } from '../db/DatabaseSchema.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import type { JobScheduler } from '../jobs/JobScheduler.ts';
import type { Lifecycle } from '../lifecycle/Lifecycle.ts';
import type { MailService } from '../mail/mailPlugin.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import type { RewardAccess } from './rewardAccess.ts';
import { findActiveEntry } from './rewardCatalogue.ts';
import { sendRewardMail } from './rewardMail.ts';
import { findById, findOwned, type RewardRecord, storeChoice } from './rewardStore.ts';

/**
 * What choosing a reward and mailing its link need: plain values, never the Fastify app. `now` is the
 * programme's clock (the collection time of a reward in kind).
 */
export interface RewardServiceDeps {
  db: Kysely<DatabaseSchema>;
  lifecycle: Pick<Lifecycle, 'reward'>;
  jobs: Pick<JobScheduler, 'kick'>;
  mail: Pick<MailService, 'enqueue' | 'kick'>;
  now: () => Date;
}

function refuseUnchoosable(record: RewardRecord): void {
  if (isCollected(record.status)) throw new ApiProblem('PSOF0400');
  if (!isChoosable(record.status)) throw new ApiProblem('PSOF0411');
}

/** The receipt form (SPEC 2, RewardDetails): names as names, a plausible e-mail (PSOF0302). */
function checkReceipt(choice: PraemierungWahl): { Vorname: string; Nachname: string; Email: string } {
  const Vorname = choice.Vorname.trim();
  const Nachname = choice.Nachname.trim();
  const Email = normalizeEmail(choice.Email);
  const details = [
    ...(checkName(Vorname) ? [{ pointer: '/Vorname', reason: 'required, a name' }] : []),
    ...(checkName(Nachname) ? [{ pointer: '/Nachname', reason: 'required, a name' }] : []),
  ];
  if (details.length > 0) throw new ApiProblem('PSOF0249', details);
  if (!isEmailAddress(Email)) {
    throw new ApiProblem('PSOF0302', [{ pointer: '/Email', reason: 'not an e-mail address' }]);
  }
  return { Vorname, Nachname, Email };
}

/**
 * SPEC 7, rewards — behind rewardRoutes.ts: choosing a reward with its receipt data (PUT /praemierung/),
 * and mailing a new reward link to the logged-in recommender (GET /empfehler/praemierungmail/{id}).
 * Statuses change only through the lifecycle, in the transaction of the choice.
 */
export function createRewardService(deps: RewardServiceDeps) {
  const { db } = deps;

  /**
   * PUT /praemierung/: stores the choice and answers the reward after it. Another person's id 404 PSOF0410,
   * collected 409 PSOF0400, cancelled or lapsed 409 PSOF0411, an entry not offered or worth more 422 PSOF0412.
   */
  async function choose(
    mandant: LoadedMandant,
    access: RewardAccess,
    choice: PraemierungWahl,
  ): Promise<RewardRecord> {
    const record =
      access.kind === 'user'
        ? await findOwned(db, access.owner, choice.Id)
        : access.reward.id === choice.Id
          ? access.reward
          : undefined;
    if (!record) throw new ApiProblem('PSOF0410');
    refuseUnchoosable(record);
    const entry = findActiveEntry(mandant, choice.PraemieId);
    if (!entry || !fitsEarnedValue(entry, record.wertCent)) {
      throw new ApiProblem('PSOF0412', [{ pointer: '/PraemieId', reason: 'not offered for this reward' }]);
    }
    const receipt = checkReceipt(choice);
    const stored = await db.transaction().execute(async (trx) => {
      const changed = await storeChoice(trx, mandant.id, record.id, { ...receipt, praemieId: entry.Id });
      if (changed && record.status === 'Bereitgestellt' && entry.Art === 'Sachpraemie') {
        await deps.lifecycle.reward(
          trx,
          {
            mandantId: mandant.id,
            praemierungId: record.id,
            reason: 'reward.collected',
            actor: 'recommender',
          },
          { collected_at: deps.now() },
        );
      }
      return changed;
    });
    if (stored && entry.Art === 'Gutschein') deps.jobs.kick('deliverVouchers');
    // Authorised above; read back by id for the answer.
    const after = await findById(db, mandant.id, record.id);
    if (!stored || !after) {
      // Paid out, cancelled or collected between the read and the write.
      refuseUnchoosable(after ?? record);
      throw new ApiProblem('PSOF0411');
    }
    return after;
  }

  /**
   * GET /empfehler/praemierungmail/{reward id}: a new reward link mailed to the account (the old one stops
   * working); answers the reward. Another person's id 404 PSOF0410, collected 409 PSOF0400, not choosable
   * 409 PSOF0411. `origin`: scheme and host of the link.
   */
  async function mailLink(
    mandant: LoadedMandant,
    account: Account,
    id: string,
    origin: string,
  ): Promise<RewardRecord> {
    const record = await findOwned(
      db,
      { mandantId: mandant.id, accountId: account.id, email: account.email },
      id,
    );
    if (!record) throw new ApiProblem('PSOF0410');
    if (isCollected(record.status)) throw new ApiProblem('PSOF0400');
    if (!isChoosable(record.status)) throw new ApiProblem('PSOF0411');
    await sendRewardMail({ db, mail: deps.mail }, origin, mandant, record, account);
    return record;
  }

  return { choose, mailLink };
}

export type RewardService = ReturnType<typeof createRewardService>;
