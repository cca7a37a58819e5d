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
 * client's shop makes it: over HTTP to the listening platform, raw JSON body, X-Api-Key, Idempotency-Key,
 * Standard Webhooks signature.
 */
export async function reportToPlatform(platform: FastifyInstance, call: ReportCall): Promise<ReportResult> {
  const body = JSON.stringify(call.event);
  // Wall-clock time, not the programme's clock: the platform checks the timestamp against its own.
  const at = new Date();
  const response = await fetch(
    `${platformOrigin(platform)}/api/v1/${encodeURIComponent(call.mandantId)}/integration/events`,
    {
      method: 'POST',
      signal: AbortSignal.timeout(30_000),
      headers: {
        'content-type': 'application/json',
        'x-api-key': call.keyId,
        'idempotency-key': call.idempotencyKey,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': signRequest(call.secret, call.idempotencyKey, body, at),
      },
      body,
    },
  );
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    json = undefined;
  }
  if (response.status === 200) return { ok: true, answer: json as IntegrationEventResponse };
  const code = (json as { code?: unknown } | undefined)?.code;
  return { ok: false, status: response.status, code: typeof code === 'string' ? code : undefined };
}

/** Where the platform listens, for the shop's calls (loopback when it listens on every interface). */
function platformOrigin(platform: FastifyInstance): string {
  const address = platform.server.address();
  if (address === null || typeof address === 'string') throw new Error('the platform is not listening');
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
}
