import type { FastifyInstance } from 'fastify';
import type { IntegrationEvent, IntegrationEventResponse } from '../../schemas/integration.ts';
import { signRequest } from '../integration/verifySignature.ts';

export interface ReportCall {
  mandantId: string;
  /** The integration key the shop signs with (programme.integrationKeys[].id). */
  keyId: string;
  secret: string;
  /** Chosen by the shop per order and step, so that a form sent twice is one event. */
  idempotencyKey: string;
  event: IntegrationEvent;
}

export type ReportResult =
  | { ok: true; answer: IntegrationEventResponse }
  | { ok: false; status: number; code: string | undefined };

/**
 * One signed call of the integration API (`POST /api/v1/{mandant}/integration/events`), made the way a
 * client's shop makes it: raw JSON body, X-Api-Key, Idempotency-Key, Standard Webhooks signature. The
 * stand-in runs in the platform's process, so the request goes through `inject` — the same routing,
 * signature check and idempotency as over the network, without knowing the platform's address.
 */
export async function reportToPlatform(platform: FastifyInstance, call: ReportCall): Promise<ReportResult> {
  const body = JSON.stringify(call.event);
  // Wall-clock time, not the programme's clock: the platform checks the timestamp against its own.
  const at = new Date();
  const response = await platform.inject({
    method: 'POST',
    url: `/api/v1/${encodeURIComponent(call.mandantId)}/integration/events`,
    headers: {
      'content-type': 'application/json',
      'x-api-key': call.keyId,
      'idempotency-key': call.idempotencyKey,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signRequest(call.secret, call.idempotencyKey, body, at),
    },
    payload: body,
  });
  let json: unknown;
  try {
    json = response.json();
  } catch {
    json = undefined;
  }
  if (response.statusCode === 200) return { ok: true, answer: json as IntegrationEventResponse };
  const code = (json as { code?: unknown } | undefined)?.code;
  return { ok: false, status: response.statusCode, code: typeof code === 'string' ? code : undefined };
}
