import type { FastifyInstance } from 'fastify';
import { API, type MatrixRows } from './MatrixRow.ts';

/** An empty payout run of the telko demo (no rewards), made directly: the rows need a run of their own. */
async function emptyRun(app: FastifyInstance): Promise<string> {
  const run = await app.database.kysely
    .insertInto('payout_run')
    .values({
      mandant_id: 'telko',
      execution_date: '2030-01-15',
      total_cent: 0,
      transfer_count: 0,
      created_by: 'matrix',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return run.id;
}

/** Payout runs (reports to read, payouts to act) and voucher pools (vouchers): server/backoffice/payouts. */
export const rows: MatrixRows = {
  'PUT /:mandant/backoffice/auszahlungen/laeufe/liste': {
    ability: 'reports',
    request: () => ({ method: 'PUT', url: `${API}/backoffice/auszahlungen/laeufe/liste`, payload: {} }),
    ok: 200,
  },
  'POST /:mandant/backoffice/auszahlungen/laeufe': {
    ability: 'payouts',
    // A day in the past is refused after the access check, so the row does not depend on due rewards.
    request: () => ({
      method: 'POST',
      url: `${API}/backoffice/auszahlungen/laeufe`,
      payload: { Ausfuehrungsdatum: '2020-01-01' },
    }),
    ok: '422 PSOF0744',
  },
  'GET /:mandant/backoffice/auszahlungen/laeufe/:id': {
    ability: 'reports',
    request: async ({ app }) => ({
      method: 'GET',
      url: `${API}/backoffice/auszahlungen/laeufe/${await emptyRun(app)}`,
    }),
    ok: 200,
  },
  'PUT /:mandant/backoffice/auszahlungen/laeufe/:id/praemien': {
    ability: 'reports',
    request: async ({ app }) => ({
      method: 'PUT',
      url: `${API}/backoffice/auszahlungen/laeufe/${await emptyRun(app)}/praemien`,
      payload: {},
    }),
    ok: 200,
  },
  'PUT /:mandant/backoffice/auszahlungen/laeufe/:id/gutschriften': {
    ability: 'reports',
    request: async ({ app }) => ({
      method: 'PUT',
      url: `${API}/backoffice/auszahlungen/laeufe/${await emptyRun(app)}/gutschriften`,
      payload: {},
    }),
    ok: 200,
  },
  'GET /:mandant/backoffice/auszahlungen/laeufe/:id/sepa': {
    ability: 'payouts',
    // An empty run has no transfer to write: refused after the access check.
    request: async ({ app }) => ({
      method: 'GET',
      url: `${API}/backoffice/auszahlungen/laeufe/${await emptyRun(app)}/sepa`,
    }),
    ok: '409 PSOF0743',
  },
  'POST /:mandant/backoffice/auszahlungen/laeufe/:id/ausgefuehrt': {
    ability: 'payouts',
    request: async ({ app }) => ({
      method: 'POST',
      url: `${API}/backoffice/auszahlungen/laeufe/${await emptyRun(app)}/ausgefuehrt`,
    }),
    ok: 200,
  },
  'GET /:mandant/backoffice/gutscheine': {
    ability: 'vouchers',
    request: () => ({ method: 'GET', url: `${API}/backoffice/gutscheine` }),
    ok: 200,
  },
  'POST /:mandant/backoffice/gutscheine/import': {
    ability: 'vouchers',
    request: ({ role, n }) => ({
      method: 'POST',
      url: `${API}/backoffice/gutscheine/import`,
      headers: { 'content-type': 'text/csv' },
      payload: `PraemieId;Code\nwunschgutschein;MATRIX-${role}-${n}\n`,
    }),
    ok: 200,
  },
  'PUT /:mandant/backoffice/gutscheine/:praemieId/schwelle': {
    ability: 'vouchers',
    request: () => ({
      method: 'PUT',
      url: `${API}/backoffice/gutscheine/wunschgutschein/schwelle`,
      payload: { Schwelle: '3' },
    }),
    ok: 200,
  },
};
