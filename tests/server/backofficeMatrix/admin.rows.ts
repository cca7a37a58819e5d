import type { FastifyInstance } from 'fastify';
import {
  integrationKeyCipherContext,
  newIntegrationSecret,
} from '../../../server/integration/integrationSecrets.ts';
import { API, type MatrixRows } from './MatrixRow.ts';

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
};
