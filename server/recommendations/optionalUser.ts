import type { IncomingHttpHeaders } from 'node:http';
import type { Account, AccountRepository } from '../account/accountRepository.ts';
import { sessionAccount } from '../account/sessionAccount.ts';
import { bearerToken } from '../auth/bearerToken.ts';
import type { SessionTokens } from '../auth/SessionTokens.ts';
import { ApiProblem } from '../http/ApiProblem.ts';

/** What the optional session needs: plain arguments, never the Fastify app. */
export interface OptionalUserDeps {
  sessionTokens: Pick<SessionTokens, 'verify'>;
  accounts: Pick<AccountRepository, 'findById'>;
}

/**
 * The logged-in recommender on a route that guests may use too (recommend, share). No token, or a token
 * of another kind (an agency user browsing the programme), is a guest. A user token that no longer works
 * is 401 PSOF0204, so the runtime logs out instead of quietly treating its user as a stranger.
 */
export async function optionalUser(
  deps: OptionalUserDeps,
  headers: IncomingHttpHeaders,
  mandantId: string,
): Promise<Account | undefined> {
  const token = bearerToken(headers);
  if (!token) return undefined;
  const claims = await deps.sessionTokens.verify(token, mandantId);
  if (!claims) throw new ApiProblem('PSOF0204');
  if (claims.kind !== 'user') return undefined;
  return sessionAccount(deps.accounts, { claims, token });
}
