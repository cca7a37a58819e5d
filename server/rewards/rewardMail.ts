import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import type { Account } from '../repositories/accountRepository.ts';
import { type PraemierungRecord, setToken } from './praemierungStore.ts';
import { newRewardToken, REWARD_TOKEN_VALID_DAYS } from './rewardTokens.ts';

const euro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 });

/**
 * Issues a new reward-collection token for the reward (the older link stops working) and puts the reward
 * mail with its link into the outbox, in one transaction. Returns the token (for the demo's start lines).
 */
export async function sendRewardMail(
  app: FastifyInstance,
  request: FastifyRequest | undefined,
  mandant: LoadedMandant,
  record: PraemierungRecord,
  account: Pick<Account, 'email' | 'vorname' | 'nachname' | 'language'>,
): Promise<string> {
  const { token, hash } = newRewardToken();
  await app.database.kysely.transaction().execute(async (trx) => {
    await setToken(trx, mandant.id, record.id, hash, REWARD_TOKEN_VALID_DAYS);
    await app.mail.enqueue(trx, {
      mandantId: mandant.id,
      to: account.email,
      language: account.language,
      template: 'rewardReady',
      data: {
        vorname: account.vorname,
        nachname: account.nachname,
        wert: euro.format(record.wertCent / 100),
        token,
        validDays: REWARD_TOKEN_VALID_DAYS,
      },
      origin: app.mail.originFor(request, mandant),
    });
  });
  app.mail.kick();
  return token;
}
