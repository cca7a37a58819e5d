import type { FastifyPluginAsync } from 'fastify';
import { RECOMMENDATION_STATUSES } from '../../../schemas/personalArea.ts';
import { errorResponses, requireMandant } from '../../http/mandantParam.ts';
import { agencyOf } from '../agencyAuthPlugin.ts';
import { type AgencyOrderDecision, decideAgencyOrder } from './agencyOrderRelease.ts';
import { AGENCY_RELEASES } from './orderReport.ts';
import { agencyNumberParam, requireOwnAgencyNumber } from './ownAgencyNumber.ts';

interface ReleaseParams {
  mandant: string;
  nr: string;
  auftragsnummer: string;
}

const paramsSchema = {
  type: 'object',
  required: ['mandant', 'nr', 'auftragsnummer'],
  properties: {
    mandant: { type: 'string', description: 'Mandant id (case-insensitive).' },
    nr: agencyNumberParam,
    auftragsnummer: { type: 'string', maxLength: 200, description: 'The order’s Auftragsnummer.' },
  },
} as const;

const decidedSchema = {
  type: 'object',
  required: ['Auftragsnummer', 'Freigabe', 'Status'],
  properties: {
    Auftragsnummer: { type: 'string' },
    Freigabe: { type: 'string', enum: [...AGENCY_RELEASES] },
    Status: {
      type: 'string',
      enum: [...RECOMMENDATION_STATUSES],
      description: 'The recommendation’s status now: Freigegeben when the claim period was already over.',
    },
  },
} as const;

const ACCESS =
  "Access: a logged-in agency user (agency token of this mandant, user active) whose role has the ability 'invitations' (the invitation tool's 'status and order release', SPEC 2; else 403 PSOF0600); only orders of the caller's own agency. {a} must be the caller's Agenturnummer and {b} an order of the agency, else 404 PSOF0601.";

/**
 * SPEC 7 `PUT agentur/auftragfreigeben/{a}/{b}`: the agency releases its order (issue 14); `DELETE` on the
 * same path rejects it. Each order is decided once (agencyOrderRelease.ts).
 */
export const orderReleaseRoutes: FastifyPluginAsync = async (app) => {
  const hook = app.authenticateAgency('invitations');
  const path = '/:mandant/agentur/auftragfreigeben/:nr/:auftragsnummer';

  const routes = [
    {
      method: 'PUT' as const,
      decision: 'released' as const,
      summary: 'The agency releases one of its orders',
      description:
        'Records the release on the order and releases it at once when its claim period is over and the contract is confirmed (the recommendation becomes Freigegeben, the rewards Bereitgestellt); otherwise the release sweep does so when the period ends. An order already released: 409 PSOF0620; already rejected: 409 PSOF0621; cancelled: 409 PSOF0622.',
    },
    {
      method: 'DELETE' as const,
      decision: 'rejected' as const,
      summary: 'The agency rejects one of its orders',
      description:
        'Records the rejection: the order is never released, so it earns no reward. An order already released: 409 PSOF0620; already rejected: 409 PSOF0621; cancelled: 409 PSOF0622.',
    },
  ];

  for (const route of routes) {
    app.route<{ Params: ReleaseParams }>({
      method: route.method,
      url: path,
      onRequest: hook,
      schema: {
        tags: ['agency'],
        summary: route.summary,
        description: `${ACCESS} ${route.description}`,
        security: [{ bearer: [] }],
        params: paramsSchema,
        response: { 200: decidedSchema, ...errorResponses },
      },
      handler: async (request) => {
        const mandant = requireMandant(app.mandants, request.params.mandant);
        const agency = agencyOf(request);
        await requireOwnAgencyNumber(app, agency, request.params.nr);
        const decision: AgencyOrderDecision = {
          agencyId: agency.agencyId,
          userId: agency.userId,
          auftragsnummer: request.params.auftragsnummer,
          decision: route.decision,
        };
        const decided = await decideAgencyOrder(app.database.kysely, app.orderDeps, mandant, decision);
        request.log.info(
          { mandant: mandant.id, decision: route.decision, status: decided.Status },
          'agency order decision',
        );
        if (decided.Status === 'Freigegeben') {
          // The reward mails and webhooks of the release were written with it: send them now.
          app.mail.kick();
          app.webhooks.kick();
        }
        return decided;
      },
    });
  }
};
