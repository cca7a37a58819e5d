import type { Kysely } from 'kysely';
import { normalizeEmail } from '../auth/normalizeEmail.ts';
import type { DatabaseSchema } from '../db/DatabaseSchema.ts';
import { setToken } from '../rewards/rewardStore.ts';
import { newRewardToken, REWARD_TOKEN_VALID_DAYS } from '../rewards/rewardTokens.ts';

/**
 * A fresh reward link (praemierungstoken) for the first reward of the mandant's demo recommenders that is
 * ready to collect (Bereitgestellt), so that the reward pages can be tried without login: what the reward
 * mail would carry. Each start issues a new one (the previous link stops working). Undefined when no demo
 * reward is ready.
 */
export async function demoRewardToken(
  db: Kysely<DatabaseSchema>,
  mandantId: string,
  emails: readonly string[],
): Promise<{ token: string; email: string } | undefined> {
  if (emails.length === 0) return undefined;
  const row = await db
    .selectFrom('praemierung')
    .innerJoin('account', 'account.id', 'praemierung.account_id')
    .select(['praemierung.id', 'account.email'])
    .where('praemierung.mandant_id', '=', mandantId)
    .where('praemierung.status', '=', 'Bereitgestellt')
    .where('account.email', 'in', emails.map(normalizeEmail))
    .orderBy('praemierung.created_at')
    .executeTakeFirst();
  if (!row) return undefined;
  const { token, hash } = newRewardToken();
  await setToken(db, mandantId, row.id, hash, REWARD_TOKEN_VALID_DAYS);
  return { token, email: row.email };
}
