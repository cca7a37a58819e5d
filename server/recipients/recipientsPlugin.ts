import type { FastifyRequest } from 'fastify';
import { RECIPIENT_DATA_DELETE_WEEKS } from '../../schemas/constants.ts';
import { bearerToken } from '../auth/bearerToken.ts';
import { loadServerSecret } from '../auth/loadServerSecret.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import { requireMandant } from '../http/mandantParam.ts';
import { eraseUnconfirmedRecipients } from '../jobs/eraseUnconfirmedRecipients.ts';
import { globalPlugin } from '../plugins/globalPlugin.ts';
import {
  createRecipientTokens,
  deriveRecipientKey,
  type RecipientClaims,
  type RecipientTokens,
} from './RecipientTokens.ts';
import {
  createRecipientRepository,
  type RecipientRecord,
  type RecipientRepository,
} from './recipientRepository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    recipientRepository: RecipientRepository;
    recipientTokens: RecipientTokens;
    /**
     * `onRequest` hook of the recipient calls: admits a valid recipient token of the path's mandant whose
     * recipient still exists, and sets `request.recipient`. Anything else: 403 PSOF0334 (not 401, which
     * would end a recommender's session in the same browser).
     */
    authenticateRecipient: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    recipient: { claims: RecipientClaims; record: RecipientRecord } | null;
  }
}

/** A recipient token lasts as long as the link may be followed; the data itself lives 12 weeks. */
export const RECIPIENT_TOKEN_TTL_MINUTES = 60 * 24 * 60;
/** SPEC section 9: recipient data is deleted after 12 weeks unless confirmed. */
export const RECIPIENT_DATA_TTL_MS = RECIPIENT_DATA_DELETE_WEEKS * 7 * 24 * 60 * 60 * 1000;
const ERASURE_INTERVAL_MS = 60 * 60 * 1000;

/** Recipients: data access, recipient tokens, the recipient hook and the erasure job. */
export const recipientsPlugin = globalPlugin('recipients', async (app) => {
  const db = app.database.kysely;
  const secret = await loadServerSecret(db, app.config.sessionSecret);
  const tokens = createRecipientTokens(deriveRecipientKey(secret), RECIPIENT_TOKEN_TTL_MINUTES);
  const repository = createRecipientRepository(db);

  app.decorate('recipientRepository', repository);
  app.decorate('recipientTokens', tokens);
  app.decorateRequest('recipient', null);
  app.decorate('authenticateRecipient', async (request: FastifyRequest) => {
    const { mandant: mandantParam } = request.params as { mandant?: string };
    const mandant = requireMandant(app.mandants, mandantParam ?? '');
    const token = bearerToken(request.headers);
    const claims = token ? await tokens.verify(token, mandant.id) : undefined;
    const record = claims ? await repository.findRecipient(mandant.id, claims.sub) : undefined;
    if (!claims || !record) throw new ApiProblem('PSOF0334');
    request.recipient = { claims, record };
  });

  app.jobs.register({
    name: 'eraseUnconfirmedRecipients',
    intervalMs: ERASURE_INTERVAL_MS,
    run: () =>
      eraseUnconfirmedRecipients(
        db,
        app.mandants.all().map((mandant) => mandant.id),
      ),
  });
});
