import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiProblem } from '../http/ApiProblem.ts';
import { requireMandant } from '../http/mandantParam.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import { IDEMPOTENCY_KEY } from './idempotency.ts';
import { acceptedIntegrationSecrets } from './integrationSecrets.ts';
import { isValidSignature } from './verifySignature.ts';

export interface IntegrationCaller {
  mandant: LoadedMandant;
  keyId: string;
  /** The Idempotency-Key header; required for writes (the route checks). */
  idempotencyKey: string | undefined;
  rawBody: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    integration: IntegrationCaller | null;
    integrationRawBody: string | undefined;
  }
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * `preValidation` hook of every integration route (issue 13): the key named by X-Api-Key must be one of
 * the mandant's integration keys — made in the back office or in the config — (else 401 PSOF0500), and the request must be signed with its secret per
 * the Standard Webhooks scheme, over the raw body, with the Idempotency-Key (or for reads Webhook-Id) as
 * message id and a timestamp at most 300 s old (else 401 PSOF0501). Runs before body validation, so an
 * unsigned caller learns nothing about the body's shape.
 */
export function integrationAuth(app: FastifyInstance) {
  return async (request: FastifyRequest): Promise<void> => {
    const { mandant: id } = request.params as { mandant?: string };
    const mandant = requireMandant(app.mandants, id ?? '');
    const keyId = header(request, 'x-api-key');
    const secrets =
      keyId && /^[a-z0-9][a-z0-9-]{0,31}$/.test(keyId)
        ? await acceptedIntegrationSecrets(app.database.kysely, app.fieldCipher, app.config, mandant, keyId)
        : [];
    if (!keyId || secrets.length === 0) throw new ApiProblem('PSOF0500');
    const idempotencyKey = header(request, 'idempotency-key');
    const messageId = idempotencyKey ?? header(request, 'webhook-id');
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey))
      throw new ApiProblem('PSOF0502');
    const rawBody = request.integrationRawBody ?? '';
    // A key made in the back office may have two secrets for a while after a rotation (its overlap).
    const signed =
      messageId !== undefined &&
      secrets.some((secret) =>
        isValidSignature(secret, rawBody, {
          id: messageId,
          timestamp: header(request, 'webhook-timestamp'),
          signature: header(request, 'webhook-signature'),
        }),
      );
    if (!signed) throw new ApiProblem('PSOF0501');
    request.integration = { mandant, keyId, idempotencyKey, rawBody };
  };
}
