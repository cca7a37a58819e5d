import type { FastifyInstance } from 'fastify';
import { API, type MatrixRows } from './MatrixRow.ts';

/** The demo recommender support looks at (telko). */
async function annaId(app: FastifyInstance): Promise<string> {
  const row = await app.database.kysely
    .selectFrom('account')
    .select('id')
    .where('mandant_id', '=', 'telko')
    .where('email', '=', 'anna.beispiel@netzplus.example')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The telko demo agency A-1001 (active: a decision on it is refused, nothing changes). */
async function demoAgencyId(app: FastifyInstance): Promise<string> {
  const row = await app.database.kysely
    .selectFrom('agency')
    .select('id')
    .where('mandant_id', '=', 'telko')
    .where('agenturnummer', '=', 'A-1001')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Support (ability support) and agencies (ability agencies): the operator's. */
export const rows: MatrixRows = {
  'PUT /:mandant/backoffice/support/empfehler': {
    ability: 'support',
    request: () => ({
      method: 'PUT',
      url: `${API}/backoffice/support/empfehler`,
      payload: { Suche: 'anna' },
    }),
    ok: 200,
  },
  'GET /:mandant/backoffice/support/empfehler/:id': {
    ability: 'support',
    request: async ({ app }) => ({
      method: 'GET',
      url: `${API}/backoffice/support/empfehler/${await annaId(app)}`,
    }),
    ok: 200,
  },
  'POST /:mandant/backoffice/support/empfehler/:id/adminLogin': {
    ability: 'support',
    request: async ({ app }) => ({
      method: 'POST',
      url: `${API}/backoffice/support/empfehler/${await annaId(app)}/adminLogin`,
    }),
    ok: 200,
  },
  'POST /:mandant/backoffice/support/empfehler/:id/mail': {
    ability: 'support',
    request: async ({ app }) => ({
      method: 'POST',
      url: `${API}/backoffice/support/empfehler/${await annaId(app)}/mail`,
      payload: { Mail: 'passwordReset' },
    }),
    ok: 200,
  },
  'GET /:mandant/backoffice/support/empfehler/:id/export': {
    ability: 'support',
    request: async ({ app }) => ({
      method: 'GET',
      url: `${API}/backoffice/support/empfehler/${await annaId(app)}/export`,
    }),
    ok: 200,
  },
  'POST /:mandant/backoffice/support/empfehler/:id/loeschen': {
    ability: 'support',
    // A wrong confirmation: the route answers, nobody is erased.
    request: async ({ app }) => ({
      method: 'POST',
      url: `${API}/backoffice/support/empfehler/${await annaId(app)}/loeschen`,
      payload: { Email: 'jemand.anderes@netzplus.example' },
    }),
    ok: '422 PSOF0764',
  },
  'PUT /:mandant/backoffice/agenturen': {
    ability: 'agencies',
    request: () => ({ method: 'PUT', url: `${API}/backoffice/agenturen`, payload: {} }),
    ok: 200,
  },
  'GET /:mandant/backoffice/agenturen/:id': {
    ability: 'agencies',
    request: async ({ app }) => ({
      method: 'GET',
      url: `${API}/backoffice/agenturen/${await demoAgencyId(app)}`,
    }),
    ok: 200,
  },
  'PUT /:mandant/backoffice/agenturen/:id/entscheidung': {
    ability: 'agencies',
    // The demo agency is active, not pending: refused, nothing changes.
    request: async ({ app }) => ({
      method: 'PUT',
      url: `${API}/backoffice/agenturen/${await demoAgencyId(app)}/entscheidung`,
      payload: { Entscheidung: 'activate' },
    }),
    ok: '409 PSOF0705',
  },
};
