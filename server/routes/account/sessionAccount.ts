import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Principal } from '../../auth/Principal.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import type { Account } from '../../repositories/accountRepository.ts';

/** The principal of a route behind `app.authenticate(…)`. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new ApiProblem('PSOF0210');
  return request.principal;
}

/**
 * The recommender behind a valid user token, or 401 PSOF0204 when the session must end anyway: the
 * account is gone, is no longer active, or changed its password after the token was issued (the token's
 * `iat` has whole seconds, hence the comparison in seconds).
 */
export async function sessionAccount(app: FastifyInstance, principal: Principal): Promise<Account> {
  const { mnd, sub, iat } = principal.claims;
  const account = await app.accountRepository.findById(mnd, sub);
  if (account?.status !== 'active') throw new ApiProblem('PSOF0204');
  const changed = account.passwordChangedAt;
  if (changed && iat < Math.floor(changed.getTime() / 1000)) throw new ApiProblem('PSOF0204');
  return account;
}
