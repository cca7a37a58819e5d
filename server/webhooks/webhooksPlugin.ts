import type { ProgrammeConfig } from '../../schemas/api.ts';
import { pollingWorker } from '../jobs/PollingWorker.ts';
import type { LifecycleListener } from '../lifecycle/LifecycleEvent.ts';
import { globalPlugin } from '../plugins/globalPlugin.ts';
import { webhookSecretFor, webhookTargets } from './webhookEndpoints.ts';
import { webhookPayload } from './webhookEventType.ts';
import {
  claimDueDeliveries,
  insertDeliveries,
  MAX_ATTEMPTS,
  markDelivered,
  markFailed,
  recordAttempt,
  type WebhookDelivery,
} from './webhookOutbox.ts';
import { sendWebhook, type WebhookSendResult } from './webhookSender.ts';

export interface WebhookService {
  /**
   * For the lifecycle service: writes one delivery per endpoint of the event's mandant that wants the
   * event, in the transition's transaction (committed with it or not at all). No webhook type, no
   * endpoint: no query.
   */
  listener: LifecycleListener;
  /** One delivery pass over every due delivery; resolves with the number delivered. Tests call it. */
  deliverDue(): Promise<number>;
  /** Ask the worker for a pass now (after a transition committed). No-op while the worker is not running. */
  kick(): void;
  /** Polling worker (started on ready when any mandant has webhooks); tests stop it to drive deliverDue. */
  readonly worker: { start(): void; stop(): Promise<void> };
}

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: WebhookService;
  }
}

type Endpoint = ProgrammeConfig['webhooks'][number];

const POLL_INTERVAL_MS = 1000;
const BATCH_SIZE = 20;
/** A pass stops after this many batches, so one huge backlog cannot hold the (PGlite) connection for long. */
const MAX_BATCHES_PER_PASS = 5;

/**
 * Outgoing webhooks per mandant (issue 13): a transactional outbox (`webhook_delivery`), signed per
 * Standard Webhooks, delivered by a worker with back-off; every attempt lands in `webhook_attempt`.
 */
export const webhooksPlugin = globalPlugin('webhooks', async (app) => {
  const db = app.database.kysely;
  const { env } = app.config;

  const endpointsOf = (mandantId: string): readonly Endpoint[] =>
    app.mandants.get(mandantId)?.config.programme.webhooks ?? [];

  const listener: LifecycleListener = async (trx, event) => {
    const payload = webhookPayload(event);
    if (!payload) return;
    // The config's endpoints and those made in the back office (issue 15), read in the transition's transaction.
    const endpoints = await webhookTargets(trx, event.mandantId, endpointsOf(event.mandantId));
    if (endpoints.length === 0) return;
    // One row per URL: the same URL listed twice would otherwise get every event twice.
    const urls = new Set(
      endpoints
        .filter((endpoint) => !endpoint.events || endpoint.events.includes(payload.type))
        .map((endpoint) => endpoint.url),
    );
    await insertDeliveries(
      trx,
      [...urls].map((url) => ({
        mandantId: event.mandantId,
        endpointUrl: url,
        eventType: payload.type,
        payload,
      })),
    );
  };

  /** The secret for a delivery's endpoint, looked up now: endpoints, config and variables change. */
  const secretFor = (delivery: WebhookDelivery): Promise<string | undefined> =>
    webhookSecretFor(
      db,
      app.fieldCipher,
      env,
      delivery.mandantId,
      delivery.endpointUrl,
      endpointsOf(delivery.mandantId),
    );

  async function attempt(delivery: WebhookDelivery): Promise<boolean> {
    const secret = await secretFor(delivery);
    // An endpoint removed from the config or a missing variable is retried with back-off like a failed
    // answer: a deployment that fixes the configuration within the retries still delivers.
    const result: WebhookSendResult = secret
      ? await sendWebhook({
          url: delivery.endpointUrl,
          secret,
          msgId: delivery.id,
          body: JSON.stringify(delivery.payload),
        })
      : { delivered: false, httpStatus: null, error: 'not_configured', durationMs: 0 };
    await db.transaction().execute(async (trx) => {
      await recordAttempt(trx, {
        deliveryId: delivery.id,
        httpStatus: result.httpStatus,
        error: result.error,
        durationMs: result.durationMs,
      });
      if (result.delivered) await markDelivered(trx, delivery.id);
      else await markFailed(trx, delivery);
    });
    // The endpoint's origin only: paths and queries of webhook URLs often carry tokens.
    const log = {
      delivery: delivery.id,
      mandant: delivery.mandantId,
      event: delivery.eventType,
      endpoint: originOf(delivery.endpointUrl),
      attempt: delivery.attempts,
    };
    if (result.delivered) {
      app.log.info(log, 'webhook delivered');
    } else {
      const { httpStatus, error } = result;
      const gaveUp = delivery.attempts >= MAX_ATTEMPTS;
      app.log.warn({ ...log, httpStatus, reason: error, gaveUp }, 'webhook not delivered');
    }
    return result.delivered;
  }

  async function deliverDue(): Promise<number> {
    let delivered = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_PASS; batch++) {
      const due = await claimDueDeliveries(db, BATCH_SIZE);
      // Side by side: one slow receiver (up to the send timeout) does not hold up the others.
      const results = await Promise.allSettled(due.map(attempt));
      for (const result of results) {
        if (result.status === 'fulfilled') {
          if (result.value) delivered++;
        } else {
          // The claim's lease runs out and the delivery is tried again.
          app.log.error({ err: result.reason }, 'webhook attempt could not be recorded');
        }
      }
      if (due.length < BATCH_SIZE) break;
    }
    return delivered;
  }

  const worker = pollingWorker({
    intervalMs: POLL_INTERVAL_MS,
    pass: deliverDue,
    onError: (error) => app.log.error({ err: error }, 'webhook worker pass failed'),
  });

  app.decorate('webhooks', {
    listener,
    deliverDue,
    kick: () => worker.kick(),
    worker,
  } satisfies WebhookService);
  // Every stored transition may be a webhook: written in the transition's own transaction (outbox).
  app.lifecycle.listen(listener);
  // No mandant with webhooks: no worker, no polling query. An endpoint made in the back office starts it
  // (server/backoffice/webhooks), and one made before this start is found here.
  app.addHook('onReady', async () => {
    const configured = app.mandants.all().some((mandant) => mandant.config.programme.webhooks.length > 0);
    const stored = configured
      ? undefined
      : await db.selectFrom('webhook_endpoint').select('id').limit(1).executeTakeFirst();
    if (configured || stored) worker.start();
  });
  app.addHook('onClose', async () => worker.stop());
});

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'invalid';
  }
}
