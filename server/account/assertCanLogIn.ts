import { isExcludedByWildcard } from '../../domain/emailRules.ts';
import type { ErrorCode } from '../../schemas/errors.ts';
import type { AccountStatus } from '../db/DatabaseSchema.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import type { Account } from './accountRepository.ts';

/** SPEC section 8's three "account blocked" messages, one per status that keeps a person out. */
const BLOCKED: Record<Exclude<AccountStatus, 'active'>, ErrorCode> = {
  blocked: 'PSOF0203',
  suspended: 'PSOF0205',
  excluded: 'PSOF0206',
};

/**
 * Throws the blocked variant for an account that may not log in: its status, or an address the mandant
 * bars from the programme by wildcard (SPEC 6, `programme.excludedEmailWildcards`: the employees' variant).
 * Called only after the password (or the login link) proved who is asking, so the status of an account is
 * never told to a stranger.
 */
export function assertCanLogIn(
  account: Pick<Account, 'status' | 'email'>,
  excludedEmailWildcards: readonly string[] = [],
): void {
  if (account.status !== 'active') throw new ApiProblem(BLOCKED[account.status]);
  if (isExcludedByWildcard(account.email, excludedEmailWildcards)) throw new ApiProblem('PSOF0206');
}
