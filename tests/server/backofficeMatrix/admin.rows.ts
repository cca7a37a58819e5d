import type { FastifyInstance } from 'fastify';
import {
  integrationKeyCipherContext,
  newIntegrationSecret,
} from '../../../server/integration/integrationSecrets.ts';
import { insertDeliveries } from '../../../server/webhooks/webhookOutbox.ts';
import { API, type MatrixRows } from './MatrixRow.ts';

/** A viewer of the telko demo for one row's change. */
async function member(app: FastifyInstance): Promise<string> {
  const row = await app.database.kysely
    .insertInto('backoffice_user')
    .values({
      mandant_id: 'telko',
      email: `mx-${Math.random().toString(36).slice(2, 10)}@programm.example`,
      roles: ['viewer'],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A key of the telko demo made for one row's call (rotating or revoking changes it). */
async function freshKey(app: FastifyInstance, n: number, role: string): Promise<string> {
  const id = `mx-${role}-${n}-${Math.random().toString(36).slice(2, 8)}`;
  await app.database.kysely
    .insertInto('integration_key')
    .values({
      mandant_id: 'telko',
      id,
      name: 'Matrix',
      secret_encrypted: app.fieldCipher.encrypt(
        newIntegrationSecret(),
        integrationKeyCipherContext('telko', id),
      ),
    })
    .execute();
  return id;
}

/** The admins' tools (issue 15): API keys, webhook endpoints, staff, the audit log. */
export const rows: MatrixRows = {
  'GET /:mandant/backoffice/integration/schluessel': {
    ability: 'apiKeys',
    request: () => ({ method: 'GET', url: `${API}/backoffice/integration/schluessel` }),
    ok: 200,
  },
  'POST /:mandant/backoffice/integration/schluessel': {
    ability: 'apiKeys',
    request: () => ({
      method: 'POST',
      url: `${API}/backoffice/integration/schluessel`,
      payload: { Name: 'Matrix' },
    }),
    ok: 201,
  },
  'POST /:mandant/backoffice/integration/schluessel/:id/rotieren': {
    ability: 'apiKeys',
    request: async ({ app, n, role }) => ({
      method: 'POST',
      url: `${API}/backoffice/integration/schluessel/${await freshKey(app, n, role)}/rotieren`,
      payload: { Version: 1 },
    }),
    ok: 200,
  },
  'POST /:mandant/backoffice/integration/schluessel/:id/widerrufen': {
    ability: 'apiKeys',
    request: async ({ app, n, role }) => ({
      method: 'POST',
      url: `${API}/backoffice/integration/schluessel/${await freshKey(app, n, role)}/widerrufen`,
      payload: { Version: 1 },
    }),
    ok: 200,
  },
  'GET /:mandant/backoffice/webhooks/endpunkte': {
    ability: 'webhooks',
    request: () => ({ method: 'GET', url: `${API}/backoffice/webhooks/endpunkte` }),
    ok: 200,
  },
  'POST /:mandant/backoffice/webhooks/endpunkte': {
    ability: 'webhooks',
    request: ({ n, role }) => ({
      method: 'POST',
      url: `${API}/backoffice/webhooks/endpunkte`,
      payload: { Url: `https://hooks.example/${role}/${n}/${Math.random().toString(36).slice(2, 8)}` },
    }),
    ok: 201,
  },
  'DELETE /:mandant/backoffice/webhooks/endpunkte/:id': {
    ability: 'webhooks',
    request: async ({ app }) => {
      const row = await app.database.kysely
        .insertInto('webhook_endpoint')
        .values({
          mandant_id: 'telko',
          url: `https://hooks.example/delete/${Math.random().toString(36).slice(2)}`,
          secret_encrypted: 'v1:none',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { method: 'DELETE', url: `${API}/backoffice/webhooks/endpunkte/${row.id}` };
    },
    ok: 204,
  },
  'PUT /:mandant/backoffice/webhooks/zustellungen/report': {
    ability: 'webhooks',
    request: () => ({ method: 'PUT', url: `${API}/backoffice/webhooks/zustellungen/report`, payload: {} }),
    ok: 200,
  },
  'GET /:mandant/backoffice/webhooks/zustellungen/report/export.csv': {
    ability: 'webhooks',
    request: () => ({ method: 'GET', url: `${API}/backoffice/webhooks/zustellungen/report/export.csv` }),
    ok: 200,
  },
  'GET /:mandant/backoffice/webhooks/zustellungen/report/export.xlsx': {
    ability: 'webhooks',
    request: () => ({ method: 'GET', url: `${API}/backoffice/webhooks/zustellungen/report/export.xlsx` }),
    ok: 200,
  },
  'POST /:mandant/backoffice/webhooks/zustellungen/:id/erneut': {
    ability: 'webhooks',
    request: async ({ app }) => {
      const [id] = await insertDeliveries(app.database.kysely, [
        {
          mandantId: 'telko',
          endpointUrl: 'https://hooks.example/replay',
          eventType: 'reward.paid',
          payload: {},
        },
      ]);
      return { method: 'POST', url: `${API}/backoffice/webhooks/zustellungen/${id}/erneut` };
    },
    ok: 202,
  },
  'PUT /:mandant/backoffice/mitarbeiter/report': {
    ability: 'staff',
    request: () => ({ method: 'PUT', url: `${API}/backoffice/mitarbeiter/report`, payload: {} }),
    ok: 200,
  },
  'POST /:mandant/backoffice/mitarbeiter': {
    ability: 'staff',
    request: ({ n, role }) => ({
      method: 'POST',
      url: `${API}/backoffice/mitarbeiter`,
      payload: {
        Name: 'Matrix',
        Email: `matrix-${role}-${n}-${Math.random().toString(36).slice(2, 8)}@programm.example`,
        Rollen: ['viewer'],
      },
    }),
    ok: 201,
  },
  'PUT /:mandant/backoffice/mitarbeiter/:id/rollen': {
    ability: 'staff',
    request: async ({ app }) => ({
      method: 'PUT',
      url: `${API}/backoffice/mitarbeiter/${await member(app)}/rollen`,
      payload: { Rollen: ['operator'], Stand: 'active:viewer' },
    }),
    ok: 200,
  },
  'PUT /:mandant/backoffice/mitarbeiter/:id/status': {
    ability: 'staff',
    request: async ({ app }) => ({
      method: 'PUT',
      url: `${API}/backoffice/mitarbeiter/${await member(app)}/status`,
      payload: { Status: 'inactive', Stand: 'active:viewer' },
    }),
    ok: 200,
  },
  'PUT /:mandant/backoffice/protokoll/report': {
    ability: 'audit',
    request: () => ({ method: 'PUT', url: `${API}/backoffice/protokoll/report`, payload: {} }),
    ok: 200,
  },
  'GET /:mandant/backoffice/protokoll/report/export.csv': {
    ability: 'audit',
    request: () => ({ method: 'GET', url: `${API}/backoffice/protokoll/report/export.csv` }),
    ok: 200,
  },
  'GET /:mandant/backoffice/protokoll/report/export.xlsx': {
    ability: 'audit',
    request: () => ({ method: 'GET', url: `${API}/backoffice/protokoll/report/export.xlsx` }),
    ok: 200,
  },
};
