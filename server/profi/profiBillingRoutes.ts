import type { FastifyPluginAsync } from 'fastify';
import { profiCreditNoteRoutes } from './creditNotes/profiCreditNoteRoutes.ts';
import { profiOrderRoutes } from './orders/profiOrderRoutes.ts';

/** The seller's orders, commissions and credit notes (issue 16): overview, lists, exports, PDFs. */
export const profiBillingRoutes: FastifyPluginAsync = async (app) => {
  await app.register(profiOrderRoutes);
  await app.register(profiCreditNoteRoutes);
};
