import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { isCollected } from '../../schemas/praemien.ts';
import type { Account, AccountRepository } from '../account/accountRepository.ts';
import { sessionAccount } from '../account/sessionAccount.ts';
import { bearerToken } from '../auth/bearerToken.ts';
import type { Principal } from '../auth/Principal.ts';
import type { SessionTokens } from '../auth/SessionTokens.ts';
import type { DatabaseSchema } from '../db/DatabaseSchema.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import type { Owner } from '../recommender/ownership.ts';
import { findByTokenHash, type RewardRecord } from './rewardStore.ts';
import { hashRewardToken, looksLikeRewardToken } from './rewardTokens.ts';

/** The database (reward tokens), the session verifier and the accounts behind a session. */
export interface RewardAccessDeps {
  db: Kysely<DatabaseSchema>;
  sessionTokens: Pick<SessionTokens, 'verify'>;
  accounts: Pick<AccountRepository, 'findById'>;
}

/**
 * Who calls a reward path (SPEC 6): the logged-in recommender with a session token, or the holder of a
 * reward link's token (praemierungstoken), who is not logged in and may see only that one reward.
 */
export type RewardAccess =
  | { kind: 'user'; account: Account; owner: Owner; principal: Principal }
  | { kind: 'token'; reward: RewardRecord };

export interface RewardAccessOptions {
  /**
   * Whether a collected reward's token still counts. Choosing again needs an uncollected reward ('reward
   * already collected', PSOF0400); the steps after the choice (bank data, customer number) do not.
   */
  allowCollected: boolean;
}

export function ownerOf(account: Account): Owner {
  return { mandantId: account.mandantId, accountId: account.id, email: account.email };
}

/**
 * Resolves the bearer of a request, or undefined when it carries none. A session token that is not valid
 * answers 401 PSOF0204 (the runtime logs out), an agency token 403 PSOF0202; a reward token that is
 * unknown answers PSOF0401, an expired one PSOF0402, a collected one PSOF0400 unless allowed.
 */
export async function resolveRewardAccess(
  deps: RewardAccessDeps,
  request: FastifyRequest,
  mandant: LoadedMandant,
  options: RewardAccessOptions,
): Promise<RewardAccess | undefined> {
  const token = bearerToken(request.headers);
  if (!token) return undefined;
  if (!looksLikeRewardToken(token)) {
    const claims = await deps.sessionTokens.verify(token, mandant.id);
    if (!claims) throw new ApiProblem('PSOF0204');
    if (claims.kind !== 'user') throw new ApiProblem('PSOF0202');
    const principal: Principal = { claims, token };
    const account = await sessionAccount(deps.accounts, principal);
    return { kind: 'user', account, owner: ownerOf(account), principal };
  }
  return { kind: 'token', reward: await checkRewardToken(deps, mandant, token, options) };
}

/** The reward a reward link's token names, checked as `resolveRewardAccess` describes. */
export async function checkRewardToken(
  deps: RewardAccessDeps,
  mandant: LoadedMandant,
  token: string,
  options: RewardAccessOptions,
): Promise<RewardRecord> {
  const reward = looksLikeRewardToken(token)
    ? await findByTokenHash(deps.db, mandant.id, hashRewardToken(token))
    : undefined;
  if (!reward) throw new ApiProblem('PSOF0401');
  if (isCollected(reward.status) && !options.allowCollected) throw new ApiProblem('PSOF0400');
  if (!reward.tokenExpiresAt || reward.tokenExpiresAt.getTime() <= Date.now()) {
    throw new ApiProblem('PSOF0402');
  }
  // A cancelled or lapsed reward has nothing left to collect: its link is as dead as an expired one.
  if (reward.status === 'Storniert' || reward.status === 'Abgelaufen') throw new ApiProblem('PSOF0402');
  return reward;
}
