import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Account } from '../account/accountRepository.ts';
import { sessionAccount } from '../account/sessionAccount.ts';
import { bearerToken } from '../auth/bearerToken.ts';
import { ApiProblem } from '../http/ApiProblem.ts';

/**
 * The logged-in recommender on a route that guests may use too (recommend, share). No token, or a token
 * of another kind (an agency user browsing the programme), is a guest. A user token that no longer works
 * is 401 PSOF0204, so the runtime logs out instead of quietly treating its user as a stranger.
 */
export async function optionalUser(
  app: FastifyInstance,
  request: FastifyRequest,
  mandantId: string,
): Promise<Account | undefined> {
  const token = bearerToken(request.headers);
  if (!token) return undefined;
  const claims = await app.sessionTokens.verify(token, mandantId);
  if (!claims) throw new ApiProblem('PSOF0204');
  if (claims.kind !== 'user') return undefined;
  return sessionAccount(app.accountRepository, { claims, token });
}
