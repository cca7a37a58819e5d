import type { FastifyReply, FastifyRequest } from 'fastify';
import { addInputSafetyHooks } from '../http/inputSafety.ts';
import { requestLanguage } from '../http/requestLanguage.ts';
import { toApiError } from '../http/toApiError.ts';
import { globalPlugin } from './globalPlugin.ts';

/**
 * One error format for the whole app: `{ code, message[, details] }` in the language of
 * X-Accept-Language. Unexpected errors are logged (message and stack; the logger never sees bodies) and
 * answered with PSOF0001 and nothing of their cause. Text no handler may see (NUL, lone surrogates) is
 * refused here for every route with 400 PSOF0900, before authentication, validation and handlers
 * (`http/inputSafety.ts`, docs/adr/0023-bad-input-and-fuzzing.md).
 */
export const errorsPlugin = globalPlugin('errors', async (app) => {
  app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
  addInputSafetyHooks(app);
});

export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { status, body, unexpected } = toApiError(error, requestLanguage(request));
  if (unexpected) request.log.error({ err: error }, 'request failed');
  // An error may strike after a handler chose a cache policy for its success answer; errors are never cached.
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(body);
}
