import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { wireDateTime } from '../../../domain/format.ts';
import type { WebhookEventType } from '../../../schemas/api.ts';
import type {
  WebhookEndpunkt,
  WebhookEndpunktMitGeheimnis,
  WebhookZustellungZeile,
} from '../../../schemas/backofficeIntegration.ts';
import type { FieldCipher } from '../../crypto/fieldCipher.ts';
import type { DatabaseSchema } from '../../db/DatabaseSchema.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import { newIntegrationSecret } from '../../integration/integrationSecrets.ts';
import type { LoadedMandant } from '../../mandants/LoadedMandant.ts';
import { defineReport } from '../../reports/ReportDefinition.ts';
import { webhookEndpointCipherContext } from '../../webhooks/webhookEndpoints.ts';
import { insertDeliveries } from '../../webhooks/webhookOutbox.ts';
import { recordAudit } from '../audit/auditLog.ts';
import type { BackofficePrincipal } from '../backofficeAuthPlugin.ts';

type Db = Kysely<DatabaseSchema>;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The endpoint's URL as stored, or 422 PSOF0812: https only, except http to the machine itself in the demo
 * (`allowLoopbackHttp`: demo data on), where a local receiver stands in for the client's system. No
 * credentials in the URL (they would show in the list and the log).
 */
export function checkedEndpointUrl(value: string, allowLoopbackHttp: boolean): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new ApiProblem('PSOF0812', [{ pointer: '/Url', reason: 'not a URL' }]);
  }
  const loopback = url.protocol === 'http:' && allowLoopbackHttp && LOOPBACK_HOSTS.has(url.hostname);
  if ((url.protocol !== 'https:' && !loopback) || url.username || url.password || url.hash) {
    throw new ApiProblem('PSOF0812', [{ pointer: '/Url', reason: 'https only' }]);
  }
  return url.href;
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/**
 * Webhook endpoints made in the back office (issue 15) beside `programme.webhooks`, their delivery log and
 * the replay of a delivery. Every action writes its audit entry in its own transaction.
 */
export function createWebhookEndpointService(deps: {
  db: Db;
  cipher: FieldCipher;
  allowLoopbackHttp: boolean;
}) {
  const { db, cipher } = deps;

  async function list(mandant: LoadedMandant): Promise<WebhookEndpunkt[]> {
    const rows = await db
      .selectFrom('webhook_endpoint')
      .select(['id', 'url', 'events', 'created_at'])
      .where('mandant_id', '=', mandant.id)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
    const configured: WebhookEndpunkt[] = mandant.config.programme.webhooks.map((endpoint, index) => ({
      Id: `config-${index + 1}`,
      Url: endpoint.url,
      Ereignisse: endpoint.events ?? [],
      Quelle: 'konfiguration',
      Angelegt: null,
    }));
    return [
      ...rows.map(
        (row): WebhookEndpunkt => ({
          Id: row.id,
          Url: row.url,
          Ereignisse: (row.events ?? []) as WebhookEventType[],
          Quelle: 'datenbank',
          Angelegt: wireDateTime(row.created_at),
        }),
      ),
      ...configured,
    ];
  }

  async function create(
    mandant: LoadedMandant,
    admin: BackofficePrincipal,
    body: { Url: string; Ereignisse?: WebhookEventType[] },
  ): Promise<WebhookEndpunktMitGeheimnis> {
    const url = checkedEndpointUrl(body.Url, deps.allowLoopbackHttp);
    if (mandant.config.programme.webhooks.some((endpoint) => endpoint.url === url)) {
      throw new ApiProblem('PSOF0813', [{ pointer: '/Url', reason: 'configured already' }]);
    }
    const id = randomUUID();
    const secret = newIntegrationSecret();
    const events = body.Ereignisse?.length ? body.Ereignisse : null;
    try {
      return await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('webhook_endpoint')
          .values({
            id,
            mandant_id: admin.mandantId,
            url,
            events,
            secret_encrypted: cipher.encrypt(secret, webhookEndpointCipherContext(admin.mandantId, id)),
          })
          .returning(['created_at'])
          .executeTakeFirstOrThrow();
        const endpoint: WebhookEndpunkt = {
          Id: id,
          Url: url,
          Ereignisse: events ?? [],
          Quelle: 'datenbank',
          Angelegt: wireDateTime(row.created_at),
        };
        await recordAudit(trx, {
          mandantId: admin.mandantId,
          actor: admin.actor,
          action: 'webhookEndpoint.created',
          subjectType: 'webhookEndpoint',
          subjectId: id,
          after: { Url: url, Ereignisse: endpoint.Ereignisse },
        });
        return { ...endpoint, Geheimnis: secret };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiProblem('PSOF0813', [{ pointer: '/Url', reason: 'exists' }]);
      throw error;
    }
  }

  /** Removed: no new deliveries go there; open ones fail as `not_configured` and stay in the log. */
  async function remove(admin: BackofficePrincipal, id: string): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .deleteFrom('webhook_endpoint')
        .where('mandant_id', '=', admin.mandantId)
        .where('id', '=', id)
        .returning(['url', 'events'])
        .executeTakeFirst();
      if (!row) throw new ApiProblem('PSOF0814');
      await recordAudit(trx, {
        mandantId: admin.mandantId,
        actor: admin.actor,
        action: 'webhookEndpoint.deleted',
        subjectType: 'webhookEndpoint',
        subjectId: id,
        before: { Url: row.url, Ereignisse: row.events ?? [] },
      });
    });
  }

  /** A new delivery (a new message id) of a logged delivery's event to the same endpoint. */
  async function replay(admin: BackofficePrincipal, deliveryId: string): Promise<string> {
    return db.transaction().execute(async (trx) => {
      const delivery = await trx
        .selectFrom('webhook_delivery')
        .select(['endpoint_url', 'event_type', 'payload'])
        .where('mandant_id', '=', admin.mandantId)
        .where('id', '=', deliveryId)
        .executeTakeFirst();
      if (!delivery) throw new ApiProblem('PSOF0815');
      const [id] = await insertDeliveries(trx, [
        {
          mandantId: admin.mandantId,
          endpointUrl: delivery.endpoint_url,
          eventType: delivery.event_type,
          payload: delivery.payload,
        },
      ]);
      if (!id) throw new Error('replay inserted no delivery');
      await recordAudit(trx, {
        mandantId: admin.mandantId,
        actor: admin.actor,
        action: 'webhookDelivery.replayed',
        subjectType: 'webhookDelivery',
        subjectId: deliveryId,
        after: { Zustellung: id, Ereignis: delivery.event_type },
      });
      return id;
    });
  }

  return { list, create, remove, replay };
}

const d = (column: string) => sql.ref(`d.${column}`);

const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

/**
 * The delivery log (issue 15): one row per `webhook_delivery` of the mandant with its latest attempt. The
 * payload is not shown (identifiers only anyway); the last failure is its kind (`ECONNREFUSED`, an HTTP status).
 */
export const webhookDeliveryReport = defineReport<Record<string, never>, WebhookZustellungZeile>({
  name: 'backoffice.webhooks.zustellungen',
  table: 'webhook_delivery',
  alias: 'd',
  id: d('id'),
  idType: 'text',
  mandantColumn: d('mandant_id'),
  scope: () => sql<boolean>`true`,
  scopeKey: () => '',
  columns: [
    { name: 'Id', type: 'text', sql: d('id'), filterable: true },
    { name: 'Angelegt', type: 'date', sql: d('created_at'), sortable: true, filterable: true },
    { name: 'Endpunkt', type: 'text', sql: d('endpoint_url'), sortable: true, filterable: true },
    { name: 'Ereignis', type: 'text', sql: d('event_type'), sortable: true, filterable: true },
    {
      name: 'Status',
      type: 'enum',
      values: DELIVERY_STATUSES,
      sql: d('status'),
      sortable: true,
      filterable: true,
    },
    { name: 'Versuche', type: 'number', sql: d('attempts'), sortable: true, keyType: 'integer' },
    { name: 'LetzterVersuch', type: 'date' },
    { name: 'LetzterHttpStatus', type: 'number' },
    { name: 'LetzterFehler', type: 'text' },
  ],
  defaultOrder: { OrderBy: 'Angelegt', Descending: true },
  async toRows(db, rows) {
    if (rows.length === 0) return [];
    const attempts = await db
      .selectFrom('webhook_attempt')
      .select(['delivery_id', 'attempted_at', 'http_status', 'error'])
      .where(
        'delivery_id',
        'in',
        rows.map((row) => row.__id),
      )
      .orderBy('attempted_at')
      .orderBy('id')
      .execute();
    // Ordered oldest first: the last one per delivery wins.
    const latest = new Map(attempts.map((attempt) => [attempt.delivery_id, attempt]));
    return rows.map((row) => {
      const attempt = latest.get(row.__id);
      return {
        Id: String(row.Id),
        Angelegt: wireDateTime(new Date(row.Angelegt as Date | string)),
        Endpunkt: String(row.Endpunkt),
        Ereignis: String(row.Ereignis),
        Status: row.Status as WebhookZustellungZeile['Status'],
        Versuche: Number(row.Versuche),
        LetzterVersuch: attempt ? wireDateTime(new Date(attempt.attempted_at)) : null,
        LetzterHttpStatus: attempt?.http_status ?? null,
        LetzterFehler: attempt?.error ?? null,
      };
    });
  },
});
