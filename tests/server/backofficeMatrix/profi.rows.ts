import type { FastifyInstance } from 'fastify';
import { profiCreditNoteNumber } from '../../../domain/profiCreditNote.ts';
import { demoProfiSellerId } from '../../../server/demo/demoProfiPlugin.ts';
import { API, type MatrixRows } from './MatrixRow.ts';

/** The telko demo seller P-100001 and one of its credit notes. */
async function demoSeller(app: FastifyInstance): Promise<{ id: string; note: string }> {
  const id = await demoProfiSellerId(app.database.kysely, 'telko');
  if (!id) throw new Error('the telko demo has no profi-seller');
  const note = await app.database.kysely
    .selectFrom('profi_credit_note')
    .select('nummer')
    .where('mandant_id', '=', 'telko')
    .where('profi_seller_id', '=', id)
    .orderBy('nummer')
    .executeTakeFirstOrThrow();
  return { id, note: profiCreditNoteNumber(note.nummer) };
}

/**
 * Profi-sellers (issue 16): seen by operator, finance and admin (profiSellers), blocked and unblocked by
 * operator and admin (profiBlock), a month's credit notes made by finance (payouts).
 */
export const rows: MatrixRows = {
  'PUT /:mandant/backoffice/profis': {
    ability: 'profiSellers',
    request: () => ({ method: 'PUT', url: `${API}/backoffice/profis`, payload: { Suche: 'P-1' } }),
    ok: 200,
  },
  'GET /:mandant/backoffice/profis/:id': {
    ability: 'profiSellers',
    request: async ({ app }) => ({
      method: 'GET',
      url: `${API}/backoffice/profis/${(await demoSeller(app)).id}`,
    }),
    ok: 200,
  },
  'GET /:mandant/backoffice/profis/:id/gutschriften/:nummer.pdf': {
    ability: 'profiSellers',
    request: async ({ app }) => {
      const seller = await demoSeller(app);
      return {
        method: 'GET',
        url: `${API}/backoffice/profis/${seller.id}/gutschriften/${seller.note}.pdf`,
      };
    },
    ok: 200,
  },
  'PUT /:mandant/backoffice/profis/:id/status': {
    ability: 'profiBlock',
    // The first allowed role blocks, the next unblocks: the demo seller ends active.
    request: async ({ app, n }) => ({
      method: 'PUT',
      url: `${API}/backoffice/profis/${(await demoSeller(app)).id}/status`,
      payload: { Status: n % 2 === 0 ? 'blocked' : 'active' },
    }),
    ok: 200,
  },
  'POST /:mandant/backoffice/profis/gutschriften': {
    ability: 'payouts',
    // A finished month without commissions: nothing to bill, the answer names none.
    request: () => ({
      method: 'POST',
      url: `${API}/backoffice/profis/gutschriften`,
      payload: { Monat: '2020-01' },
    }),
    ok: 200,
  },
};
