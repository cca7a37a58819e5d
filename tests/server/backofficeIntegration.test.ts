import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signRequest } from '../../server/integration/verifySignature.ts';
import { backofficeToken } from './backofficeHelpers.ts';
import { bearer, buildTestApp, databases } from './helpers.ts';

const API = '/api/v1/alpha';

/** A signed read of the integration API (GET integration/vouchers) as the client's system makes it. */
function signedRead(app: FastifyInstance, apiKey: string, secret: string) {
  const id = randomUUID();
  const at = new Date();
  return app.inject({
    method: 'GET',
    url: `${API}/integration/vouchers`,
    headers: {
      'x-api-key': apiKey,
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signRequest(secret, id, '', at),
    },
  });
}

interface ReceivedHook {
  headers: IncomingHttpHeaders;
  body: string;
}

async function startReceiver(): Promise<{ url: string; received: ReceivedHook[]; close(): Promise<void> }> {
  const received: ReceivedHook[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe.each(databases)('back-office integration tools on $name', (database) => {
  let app: FastifyInstance;
  let admin: Record<string, string>;
  let viewer: Record<string, string>;
  const answers: string[] = [];

  /** Every answer body is kept: no secret may show up in a later one. */
  async function call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    auth = admin,
  ) {
    const response = await app.inject({
      method,
      url: `${API}/backoffice/${url}`,
      headers: auth,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    answers.push(response.body);
    return response;
  }

  beforeAll(async () => {
    app = await buildTestApp(database);
    await app.webhooks.worker.stop();
    admin = bearer(await backofficeToken(app, 'alpha', ['admin']));
    viewer = bearer(await backofficeToken(app, 'alpha', ['viewer']));
  });
  afterAll(() => app?.close());

  it('creates, rotates and revokes an API key; the integration API follows each step', async () => {
    const created = await call('POST', 'integration/schluessel', { Name: 'CRM' });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const key = created.json();
    expect(key).toMatchObject({ Name: 'CRM', Quelle: 'datenbank', Status: 'active', Version: 1 });
    expect(key.Id).toMatch(/^bo-[a-z2-7]{10}$/);
    expect(key.Geheimnis).toMatch(/^whsec_/);
    const first: string = key.Geheimnis;

    expect((await signedRead(app, key.Id, first)).statusCode).toBe(200);
    const stored = await app.database.kysely
      .selectFrom('integration_key')
      .select('secret_encrypted')
      .where('id', '=', key.Id)
      .executeTakeFirstOrThrow();
    expect(stored.secret_encrypted).not.toContain(first.slice(6));

    // A stale version loses (no lost update), then the rotation: the old secret is refused at once.
    const stale = await call('POST', `integration/schluessel/${key.Id}/rotieren`, { Version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('PSOF0705');
    const rotated = await call('POST', `integration/schluessel/${key.Id}/rotieren`, { Version: 1 });
    expect(rotated.statusCode).toBe(200);
    const second: string = rotated.json().Geheimnis;
    expect(second).not.toBe(first);
    expect(rotated.json()).toMatchObject({ Version: 2, AltesGeheimnisBis: null });
    const refused = await signedRead(app, key.Id, first);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('PSOF0501');
    expect((await signedRead(app, key.Id, second)).statusCode).toBe(200);

    // With an overlap the previous secret works on until it ends.
    const overlapping = await call('POST', `integration/schluessel/${key.Id}/rotieren`, {
      Version: 2,
      UeberlappungMinuten: 5,
    });
    const third: string = overlapping.json().Geheimnis;
    expect(overlapping.json().AltesGeheimnisBis).not.toBeNull();
    expect((await signedRead(app, key.Id, second)).statusCode).toBe(200);
    expect((await signedRead(app, key.Id, third)).statusCode).toBe(200);
    expect((await signedRead(app, key.Id, first)).statusCode).toBe(401);

    const listed = await call('GET', 'integration/schluessel');
    expect(listed.json().Schluessel).toContainEqual(expect.objectContaining({ Id: key.Id, Version: 3 }));
    expect(JSON.stringify(listed.json())).not.toContain('whsec_');

    const revoked = await call('POST', `integration/schluessel/${key.Id}/widerrufen`, { Version: 3 });
    expect(revoked.json()).toMatchObject({ Status: 'revoked', Version: 4 });
    expect((await signedRead(app, key.Id, third)).json().code).toBe('PSOF0500');
    expect((await signedRead(app, key.Id, second)).json().code).toBe('PSOF0500');
    const again = await call('POST', `integration/schluessel/${key.Id}/rotieren`, { Version: 4 });
    expect(again.json().code).toBe('PSOF0811');

    // Audited, never with a secret; no later answer carries one.
    const audit = await app.database.kysely
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('mandant_id', '=', 'alpha')
      .where('subject_id', '=', key.Id)
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual([
      'apiKey.created',
      'apiKey.rotated',
      'apiKey.rotated',
      'apiKey.revoked',
    ]);
    const auditText = JSON.stringify(audit);
    for (const secret of [first, second, third]) {
      expect(auditText).not.toContain(secret);
      expect(auditText).not.toContain(secret.slice(6));
    }
    const later = answers.slice(answers.indexOf(overlapping.body) + 1).join('\n');
    for (const secret of [first, second, third]) expect(later).not.toContain(secret);
  });

  it('answers 404 for another mandant’s key, 400 for a bad body, 403 for a viewer', async () => {
    const other = bearer(await backofficeToken(app, 'beta', ['admin']));
    const key = (await call('POST', 'integration/schluessel', { Name: 'ERP' })).json();
    const foreign = await app.inject({
      method: 'POST',
      url: `/api/v1/beta/backoffice/integration/schluessel/${key.Id}/widerrufen`,
      headers: other,
      payload: { Version: 1 },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('PSOF0810');
    expect((await call('POST', 'integration/schluessel', { Name: '' })).statusCode).toBe(400);
    expect(
      (
        await call('POST', `integration/schluessel/${key.Id}/rotieren`, {
          Version: 1,
          UeberlappungMinuten: 61,
        })
      ).statusCode,
    ).toBe(400);
    expect((await call('GET', 'integration/schluessel', undefined, viewer)).statusCode).toBe(403);
    // Nothing was written by the refused calls.
    const count = await app.database.kysely
      .selectFrom('integration_key')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('mandant_id', '=', 'beta')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
  it('delivers to an endpoint made in the back office, logs it and replays it', async () => {
    const receiver = await startReceiver();
    try {
      expect(
        (await call('POST', 'webhooks/endpunkte', { Url: 'http://example.com/hooks' })).json().code,
      ).toBe('PSOF0812');
      const created = await call('POST', 'webhooks/endpunkte', {
        Url: receiver.url,
        Ereignisse: ['recommendation.created'],
      });
      expect(created.statusCode).toBe(201);
      const endpoint = created.json();
      const secret: string = endpoint.Geheimnis;
      expect(secret).toMatch(/^whsec_/);
      expect((await call('POST', 'webhooks/endpunkte', { Url: receiver.url })).json().code).toBe('PSOF0813');
      // The tests drive the passes themselves.
      await app.webhooks.worker.stop();

      const event = {
        id: '1',
        mandantId: 'alpha',
        recommendationId: '00000000-0000-4000-8000-000000000001',
        empfehlungsnummer: '4711000001',
        praemierungId: null,
        orderId: null,
        subject: 'recommendation' as const,
        from: null,
        to: 'Offen',
        reason: 'recommendation.created',
        actor: 'recommender' as const,
        occurredAt: new Date(),
      };
      await app.database.kysely.transaction().execute((trx) => app.webhooks.listener(trx, event));
      // An event the endpoint did not ask for is not written.
      await app.database.kysely
        .transaction()
        .execute((trx) =>
          app.webhooks.listener(trx, { ...event, to: 'Freigegeben', reason: 'order.released' }),
        );
      expect(await app.webhooks.deliverDue()).toBe(1);
      expect(receiver.received).toHaveLength(1);
      const first = receiver.received[0];
      if (!first) throw new Error('no delivery');
      const headers = {
        'webhook-id': String(first.headers['webhook-id']),
        'webhook-timestamp': String(first.headers['webhook-timestamp']),
        'webhook-signature': String(first.headers['webhook-signature']),
      };
      expect(new Webhook(secret).verify(first.body, headers)).toMatchObject({
        type: 'recommendation.created',
      });

      const log = await call('PUT', 'webhooks/zustellungen/report', { Pagesize: 10, Pagenumber: 1 });
      expect(log.statusCode).toBe(200);
      const row = log.json().Content.find((entry: { Endpunkt: string }) => entry.Endpunkt === receiver.url);
      expect(row).toMatchObject({
        Id: headers['webhook-id'],
        Ereignis: 'recommendation.created',
        Status: 'delivered',
        Versuche: 1,
        LetzterHttpStatus: 204,
        LetzterFehler: null,
      });
      expect(log.body).not.toContain('4711000001');

      const replay = await call('POST', `webhooks/zustellungen/${row.Id}/erneut`);
      expect(replay.statusCode).toBe(202);
      await app.webhooks.worker.stop();
      await app.webhooks.deliverDue();
      expect(receiver.received).toHaveLength(2);
      expect(receiver.received[1]?.headers['webhook-id']).toBe(replay.json().Id);
      expect(receiver.received[1]?.body).toBe(first.body);

      const foreign = await app.inject({
        method: 'POST',
        url: `/api/v1/beta/backoffice/webhooks/zustellungen/${row.Id}/erneut`,
        headers: bearer(await backofficeToken(app, 'beta', ['admin'])),
      });
      expect(foreign.json().code).toBe('PSOF0815');

      const csv = await call('GET', 'webhooks/zustellungen/report/export.csv?Filter.Status=delivered');
      expect(csv.statusCode).toBe(200);
      expect(csv.body).toContain(row.Id);

      expect((await call('DELETE', `webhooks/endpunkte/${endpoint.Id}`)).statusCode).toBe(204);
      expect((await call('DELETE', `webhooks/endpunkte/${endpoint.Id}`)).json().code).toBe('PSOF0814');
      const actions = await app.database.kysely
        .selectFrom('audit_log')
        .select('action')
        .where('mandant_id', '=', 'alpha')
        .where('action', 'like', 'webhook%')
        .orderBy('id')
        .execute();
      expect(actions.map((entry) => entry.action)).toEqual([
        'webhookEndpoint.created',
        'webhookDelivery.replayed',
        'webhookEndpoint.deleted',
      ]);
      const listed = await call('GET', 'webhooks/endpunkte');
      expect(listed.body).not.toContain('whsec_');
    } finally {
      await receiver.close();
    }
  });
});
