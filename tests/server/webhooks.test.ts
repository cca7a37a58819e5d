import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProgrammeConfig } from '../../schemas/api.ts';
import type { LifecycleEvent } from '../../server/lifecycle/LifecycleEvent.ts';
import { insertDeliveries, MAX_ATTEMPTS, retryDelaySeconds } from '../../server/webhooks/webhookOutbox.ts';
import { buildTestApp, copyFixture, databases, VALID_MANDANTS } from './helpers.ts';

/** One request that reached the stand-in receiver. */
interface ReceivedHook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Receiver {
  /** http://127.0.0.1:PORT */
  url: string;
  received: ReceivedHook[];
  /** The status every request gets from now on (paths under /redirect always get a 302). */
  answerWith(status: number): void;
  reset(): void;
  close(): Promise<void>;
}

/** A real HTTP server on a free loopback port standing in for a client's webhook endpoint. */
async function startReceiver(): Promise<Receiver> {
  const received: ReceivedHook[] = [];
  let status = 204;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const requestPath = request.url ?? '/';
      received.push({ path: requestPath, headers: request.headers, body: Buffer.concat(chunks).toString() });
      if (requestPath.startsWith('/redirect')) {
        response.writeHead(302, { location: '/hooks/elsewhere' }).end();
      } else {
        response.writeHead(status).end(status === 204 ? undefined : 'a body the sender must not keep');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answerWith(next) {
      status = next;
    },
    reset() {
      received.length = 0;
      status = 204;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port nobody listens on (taken and given back at once). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function writeProgramme(dir: string, mandant: string, programme: Partial<ProgrammeConfig>) {
  const file = path.join(dir, mandant, 'mandant.json');
  const config = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  await writeFile(file, JSON.stringify({ ...config, programme }, null, 2));
}

function lifecycleEvent(overrides: Partial<LifecycleEvent> = {}): LifecycleEvent {
  return {
    id: '1',
    mandantId: 'alpha',
    recommendationId: '00000000-0000-4000-8000-000000000001',
    empfehlungsnummer: '4711000001',
    praemierungId: null,
    orderId: null,
    subject: 'recommendation',
    from: null,
    to: 'Offen',
    reason: 'recommendation.created',
    actor: 'recommender',
    // An hour ago: the signature must carry the attempt's time, or receivers refuse it as too old.
    occurredAt: new Date(Date.now() - 3_600_000),
    ...overrides,
  };
}

const REWARD_PAID: Partial<LifecycleEvent> = {
  subject: 'reward',
  praemierungId: '00000000-0000-4000-8000-0000000000aa',
  from: 'Bereitgestellt',
  to: 'Ausgezahlt',
  reason: 'payout.executed',
  actor: 'back_office',
};

function signatureHeaders(hook: ReceivedHook): Record<string, string> {
  const header = (name: string) => String(hook.headers[name] ?? '');
  return {
    'webhook-id': header('webhook-id'),
    'webhook-timestamp': header('webhook-timestamp'),
    'webhook-signature': header('webhook-signature'),
  };
}

const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

describe('retryDelaySeconds: back-off after failed attempts', () => {
  it.each([
    [1, 10],
    [2, 20],
    [3, 40],
    [9, 2560],
    [10, 3600],
    [MAX_ATTEMPTS, 3600],
  ])('after %i failed attempts waits %i s', (attempts, seconds) => {
    expect(retryDelaySeconds(attempts)).toBe(seconds);
  });
});

describe.each(databases)('outgoing webhooks on $name', (database) => {
  const secret = newSecret();
  const logLines: string[] = [];
  let app: FastifyInstance;
  let receiver: Receiver;
  let mandants: Awaited<ReturnType<typeof copyFixture>>;
  let alphaHook: string;
  let alphaPayouts: string;
  let alphaRedirect: string;
  let betaUnsigned: string;
  let betaUnreachable: string;

  beforeAll(async () => {
    receiver = await startReceiver();
    mandants = await copyFixture(VALID_MANDANTS);
    // The query stands for a token in the URL: it must reach the receiver and never the log.
    alphaHook = `${receiver.url}/hooks/alpha?token=t0ps3cret`;
    alphaPayouts = `${receiver.url}/hooks/alpha-payouts`;
    alphaRedirect = `${receiver.url}/redirect/alpha`;
    betaUnsigned = `${receiver.url}/hooks/beta`;
    betaUnreachable = `http://127.0.0.1:${await closedPort()}/hooks`;
    await writeProgramme(mandants.dir, 'alpha', {
      webhooks: [
        { url: alphaHook, secretEnv: 'HOOK_SECRET' },
        { url: alphaPayouts, secretEnv: 'HOOK_SECRET', events: ['reward.paid'] },
        { url: alphaRedirect, secretEnv: 'HOOK_SECRET', events: ['recommendation.released'] },
      ],
    });
    await writeProgramme(mandants.dir, 'beta', {
      webhooks: [
        { url: betaUnsigned, secretEnv: 'MISSING_SECRET', events: ['recommendation.created'] },
        { url: betaUnreachable, secretEnv: 'HOOK_SECRET', events: ['reward.paid'] },
      ],
    });
    app = await buildTestApp(database, {
      mandantsDir: mandants.dir,
      demoAccounts: false,
      env: { HOOK_SECRET: secret },
      logger: { level: 'info', stream: { write: (line: string) => logLines.push(line) } },
    });
    // The tests drive delivery passes themselves (one test starts the worker on purpose).
    await app.webhooks.worker.stop();
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
    await mandants?.remove();
  });
  beforeEach(async () => {
    receiver.reset();
    await app.database.kysely.deleteFrom('webhook_delivery').execute();
  });

  async function emit(event: LifecycleEvent): Promise<void> {
    await app.database.kysely.transaction().execute((trx) => app.webhooks.listener(trx, event));
  }

  function deliveries() {
    return app.database.kysely.selectFrom('webhook_delivery').selectAll().orderBy('endpoint_url').execute();
  }

  function attempts(deliveryId: string) {
    return app.database.kysely
      .selectFrom('webhook_attempt')
      .select(['http_status', 'error', 'duration_ms'])
      .where('delivery_id', '=', deliveryId)
      .orderBy('id')
      .execute();
  }

  /** Seconds until the row's next attempt, measured by the database's clock. */
  async function secondsUntilNextAttempt(id: string): Promise<number> {
    const row = await sql<{ seconds: number }>`
      select extract(epoch from next_attempt_at - now())::float8 as seconds
      from webhook_delivery where id = ${id}`.execute(app.database.kysely);
    return Number(row.rows[0]?.seconds);
  }

  /** Lets the back-off run out, as if its time had passed. */
  async function makeDue(): Promise<void> {
    await sql`update webhook_delivery set next_attempt_at = now() where status = 'pending'`.execute(
      app.database.kysely,
    );
  }

  it('delivers a signed Standard Webhooks message once, with the attempt’s own timestamp', async () => {
    const event = lifecycleEvent();
    await emit(event);
    const [row] = await deliveries();
    expect(row?.id).toMatch(/^msg_[A-Za-z0-9_-]{24}$/);

    expect(await app.webhooks.deliverDue()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [hook] = receiver.received;
    if (!hook) throw new Error('no request');
    expect(hook.path).toBe('/hooks/alpha?token=t0ps3cret');
    expect(hook.headers['content-type']).toBe('application/json');
    expect(hook.headers['webhook-id']).toBe(row?.id);
    const sentAt = Number(hook.headers['webhook-timestamp']);
    expect(Math.abs(sentAt - Date.now() / 1000)).toBeLessThan(30);

    const verified = new Webhook(secret).verify(hook.body, signatureHeaders(hook));
    const occurredAt = event.occurredAt.toISOString();
    expect(verified).toStrictEqual({
      type: 'recommendation.created',
      timestamp: occurredAt,
      data: {
        mandant: 'alpha',
        empfehlungsnummer: '4711000001',
        status: 'Offen',
        reason: 'recommendation.created',
        occurredAt,
      },
    });
    expect(() => new Webhook(newSecret()).verify(hook.body, signatureHeaders(hook))).toThrow();

    const [delivered] = await deliveries();
    expect(delivered).toMatchObject({
      status: 'delivered',
      attempts: 1,
      event_type: 'recommendation.created',
    });
    expect(delivered?.delivered_at).toBeInstanceOf(Date);
    expect(await attempts(row?.id ?? '')).toMatchObject([{ http_status: 204, error: null }]);

    // Delivered is done: a later pass sends nothing again.
    expect(await app.webhooks.deliverDue()).toBe(0);
    expect(receiver.received).toHaveLength(1);
  });

  it('records a refused attempt, backs off, and delivers the same message on a later pass', async () => {
    receiver.answerWith(500);
    await emit(lifecycleEvent());
    expect(await app.webhooks.deliverDue()).toBe(0);

    const [failed] = await deliveries();
    if (!failed) throw new Error('no delivery');
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, delivered_at: null });
    const wait = await secondsUntilNextAttempt(failed.id);
    expect(wait).toBeGreaterThan(5);
    expect(wait).toBeLessThanOrEqual(retryDelaySeconds(1));
    expect(await attempts(failed.id)).toMatchObject([{ http_status: 500, error: null }]);

    // Not due yet: nothing is sent.
    expect(await app.webhooks.deliverDue()).toBe(0);
    expect(receiver.received).toHaveLength(1);

    receiver.answerWith(200);
    await makeDue();
    expect(await app.webhooks.deliverDue()).toBe(1);
    expect(receiver.received).toHaveLength(2);
    const [first, second] = receiver.received;
    if (!first || !second) throw new Error('two requests expected');
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(second.body).toBe(first.body);
    expect(() => new Webhook(secret).verify(second.body, signatureHeaders(second))).not.toThrow();

    const [delivered] = await deliveries();
    expect(delivered).toMatchObject({ id: failed.id, status: 'delivered', attempts: 2 });
    expect(await attempts(failed.id)).toMatchObject([
      { http_status: 500, error: null },
      { http_status: 200, error: null },
    ]);
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts and keeps the row as failed`, async () => {
    receiver.answerWith(503);
    await emit(lifecycleEvent());
    const [row] = await deliveries();
    if (!row) throw new Error('no delivery');

    await sql`update webhook_delivery set attempts = ${MAX_ATTEMPTS - 2}`.execute(app.database.kysely);
    await app.webhooks.deliverDue();
    expect((await deliveries())[0]).toMatchObject({ status: 'pending', attempts: MAX_ATTEMPTS - 1 });

    await makeDue();
    await app.webhooks.deliverDue();
    expect((await deliveries())[0]).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(await attempts(row.id)).toHaveLength(2);

    await sql`update webhook_delivery set next_attempt_at = now()`.execute(app.database.kysely);
    expect(await app.webhooks.deliverDue()).toBe(0);
    expect(receiver.received).toHaveLength(2);
  });

  it('sends an event only to the endpoints whose events include it', async () => {
    await emit(lifecycleEvent());
    expect((await deliveries()).map((row) => row.endpoint_url)).toEqual([alphaHook]);

    await app.database.kysely.deleteFrom('webhook_delivery').execute();
    await emit(lifecycleEvent(REWARD_PAID));
    const rows = await deliveries();
    expect(rows.map((row) => row.endpoint_url).sort()).toEqual([alphaHook, alphaPayouts].sort());
    expect(new Set(rows.map((row) => row.id)).size).toBe(2);
    expect(rows.map((row) => row.event_type)).toEqual(['reward.paid', 'reward.paid']);
  });

  it('writes nothing when the transition’s transaction rolls back', async () => {
    const rollback = new Error('transition refused');
    await expect(
      app.database.kysely.transaction().execute(async (trx) => {
        await app.webhooks.listener(trx, lifecycleEvent());
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await deliveries()).toEqual([]);
  });

  it('writes nothing for a transition without a webhook type, or a mandant without webhooks', async () => {
    await emit(lifecycleEvent({ from: 'Ok', to: 'Ok', reason: 'contract.concluded' }));
    await emit(lifecycleEvent({ mandantId: 'gamma' }));
    expect(await deliveries()).toEqual([]);
  });

  it('does not follow a redirect: the attempt fails with the 3xx status', async () => {
    await emit(lifecycleEvent({ from: 'Ok', to: 'Freigegeben', reason: 'order.released' }));
    const rows = await deliveries();
    const redirected = rows.find((row) => row.endpoint_url === alphaRedirect);
    if (!redirected) throw new Error('no delivery to the redirecting endpoint');

    await app.webhooks.deliverDue();
    expect(receiver.received.map((hook) => hook.path).sort()).toEqual([
      '/hooks/alpha?token=t0ps3cret',
      '/redirect/alpha',
    ]);
    expect((await deliveries()).find((row) => row.id === redirected.id)).toMatchObject({ status: 'pending' });
    expect(await attempts(redirected.id)).toMatchObject([{ http_status: 302, error: null }]);
  });

  it('records an unreachable receiver by its error code, and a missing secret as not_configured', async () => {
    await emit(lifecycleEvent({ mandantId: 'beta' }));
    await emit(lifecycleEvent({ mandantId: 'beta', ...REWARD_PAID }));
    // An endpoint that was removed from the configuration after its event.
    await insertDeliveries(app.database.kysely, [
      {
        mandantId: 'alpha',
        endpointUrl: `${receiver.url}/hooks/removed`,
        eventType: 'recommendation.created',
        payload: { type: 'recommendation.created' },
      },
    ]);
    expect(await app.webhooks.deliverDue()).toBe(0);
    expect(receiver.received).toEqual([]);

    const rows = await deliveries();
    const errorOf = async (url: string) => {
      const row = rows.find((candidate) => candidate.endpoint_url === url);
      if (!row) throw new Error(`no delivery to ${url}`);
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(await secondsUntilNextAttempt(row.id)).toBeGreaterThan(5);
      return attempts(row.id);
    };
    expect(await errorOf(betaUnsigned)).toMatchObject([{ http_status: null, error: 'not_configured' }]);
    expect(await errorOf(`${receiver.url}/hooks/removed`)).toMatchObject([
      { http_status: null, error: 'not_configured' },
    ]);
    expect(await errorOf(betaUnreachable)).toMatchObject([{ http_status: null, error: 'ECONNREFUSED' }]);
  });

  it('delivers from the worker after a kick, and stops with the app', async () => {
    app.webhooks.worker.start();
    try {
      await emit(lifecycleEvent());
      app.webhooks.kick();
      const deadline = Date.now() + 10_000;
      while (receiver.received.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(receiver.received).toHaveLength(1);
    } finally {
      await app.webhooks.worker.stop();
    }
    await expect.poll(async () => (await deliveries())[0]?.status).toBe('delivered');
  });

  it('logs deliveries by the endpoint’s origin, never its path, query or an answer’s body', () => {
    const webhookLines = logLines.filter((line) => line.includes('webhook'));
    expect(webhookLines.some((line) => line.includes('"msg":"webhook delivered"'))).toBe(true);
    expect(webhookLines.some((line) => line.includes('"msg":"webhook not delivered"'))).toBe(true);
    expect(webhookLines.some((line) => line.includes(`"endpoint":"${receiver.url}"`))).toBe(true);
    for (const leak of ['t0ps3cret', '/hooks/', 'a body the sender must not keep', secret]) {
      expect(logLines.filter((line) => line.includes(leak))).toEqual([]);
    }
  });
});
