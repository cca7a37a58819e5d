import type { FastifyRequest } from 'fastify';
import type { Principal } from '../auth/Principal.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import type { Account, AccountRepository } from './accountRepository.ts';

/** The principal of a route behind `app.authenticate(…)`. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new ApiProblem('PSOF0210');
  return request.principal;
}

/**
 * The recommender behind a valid user token, or 401 PSOF0204 when the session must end anyway: the
 * account is gone, is no longer active, or changed its password after the token was issued. A token's
 * `iat` has whole seconds, so a token of the very second of the change ends too — the session a change
 * hands out is issued in the next second (`afterPasswordChange`).
 */
export async function sessionAccount(
  accounts: Pick<AccountRepository, 'findById'>,
  principal: Principal,
): Promise<Account> {
  const { mnd, sub, iat } = principal.claims;
  const account = await accounts.findById(mnd, sub);
  if (account?.status !== 'active') throw new ApiProblem('PSOF0204');
  const changed = account.passwordChangedAt;
  if (changed && iat <= Math.floor(changed.getTime() / 1000)) throw new ApiProblem('PSOF0204');
  return account;
}

/**
 * Resolves once the second of a password change (`changedAt`, the application's clock) is over, so that a
 * session issued afterwards has a later `iat` than every session the change ended. Waits under a second.
 */
export async function afterPasswordChange(changedAt: Date): Promise<void> {
  const next = (Math.floor(changedAt.getTime() / 1000) + 1) * 1000;
  // A timer may fire a millisecond before Date.now() reaches its deadline (libuv counts on a monotonic
  // clock): wait again until the wall clock has really left the second.
  for (let wait = next - Date.now(); wait > 0; wait = next - Date.now()) {
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}
