import type { Kysely } from 'kysely';
import { formatMoney } from '../../domain/format.ts';
import type { Account } from '../account/accountRepository.ts';
import type { DatabaseSchema } from '../db/DatabaseSchema.ts';
import type { MailService } from '../mail/mailPlugin.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import { rewardContact } from './rewardContact.ts';
import { type RewardRecord, setToken } from './rewardStore.ts';
import { newRewardToken, REWARD_TOKEN_VALID_DAYS } from './rewardTokens.ts';

type Person = Pick<Account, 'email' | 'vorname' | 'nachname' | 'language'>;

/**
 * Issues a new reward-collection token for the reward (the older link stops working) and puts the reward
 * mail with its link into the outbox, in one transaction. Returns the token (for the demo's start lines).
 */
export async function sendRewardMail(
  deps: { db: Kysely<DatabaseSchema>; mail: Pick<MailService, 'enqueue' | 'kick'> },
  /** Scheme and host of the link (`mail.originFor(request, mandant)`). */
  origin: string,
  mandant: LoadedMandant,
  record: RewardRecord,
  account: Person,
): Promise<string> {
  const token = await deps.db
    .transaction()
    .execute((trx) => enqueueTokenMail(trx, deps.mail, mandant, record.id, record.wertCent, account, origin));
  deps.mail.kick();
  return token;
}

/**
 * The reward mail when a reward becomes Bereitgestellt (issue 13), in the transaction of the release: to
 * the recommender (account or the e-mail given when recommending) or, for the recipient's part of a split
 * reward, to the recipient. Nobody to write to (erased data): no mail, the reward stays in the area.
 */
export async function enqueueRewardMail(
  trx: Kysely<DatabaseSchema>,
  mail: MailService,
  mandant: LoadedMandant,
  praemierungId: string,
): Promise<void> {
  const contact = await rewardContact(trx, mandant, praemierungId);
  if (!contact) return;
  await enqueueTokenMail(
    trx,
    mail,
    mandant,
    praemierungId,
    contact.wertCent,
    contact,
    mail.originFor(undefined, mandant),
  );
}

/**
 * A new reward link (the older one stops working) and the reward mail with it, in the caller's transaction:
 * `sendRewardMail`, the release's mail and the back office's resend (issue 15). Answers the token.
 */
export async function enqueueTokenMail(
  trx: Kysely<DatabaseSchema>,
  mail: Pick<MailService, 'enqueue'>,
  mandant: LoadedMandant,
  praemierungId: string,
  wertCent: number,
  person: Person,
  origin: string,
): Promise<string> {
  const { token, hash } = newRewardToken();
  await setToken(trx, mandant.id, praemierungId, hash, REWARD_TOKEN_VALID_DAYS);
  await mail.enqueue(trx, {
    mandantId: mandant.id,
    to: person.email,
    language: person.language,
    template: 'rewardReady',
    data: {
      vorname: person.vorname,
      nachname: person.nachname,
      wert: formatMoney(wertCent),
      token,
      validDays: REWARD_TOKEN_VALID_DAYS,
    },
    origin,
  });
  return token;
}
