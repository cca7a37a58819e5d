import type { FastifyPluginAsync } from 'fastify';
import { STATISTIK_MAX_TAGE_PRO_TAG } from '../../../schemas/agencyAdmin.ts';
import {
  errorResponses,
  type MandantParams,
  mandantParamsSchema,
  requireMandant,
} from '../../http/mandantParam.ts';
import { agencyOf } from '../agencyAuthPlugin.ts';
import { agencyStatistics, statisticsRange } from './statistics.ts';

const bearer = [{ bearer: [] }];
const count = { type: 'integer', minimum: 0 } as const;

const statisticsSchema = {
  type: 'object',
  required: ['Intervall', 'Punkte'],
  properties: {
    Intervall: { type: 'string', enum: ['Tag', 'Monat'] },
    Punkte: {
      type: 'array',
      items: {
        type: 'object',
        required: ['Datum', 'Einladungen', 'Empfehlungen', 'Auftraege'],
        properties: {
          Datum: { type: 'string', description: 'YYYY-MM-DD (Tag) or YYYY-MM (Monat), Europe/Berlin.' },
          Einladungen: count,
          Empfehlungen: count,
          Auftraege: count,
        },
      },
    },
  },
} as const;

interface StatisticsQuery {
  von: string;
  bis: string;
}

/** SPEC 6 "statistics report": the caller's agency's invitations, recommendations and orders over time. */
export const statisticsRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: MandantParams; Querystring: StatisticsQuery }>(
    '/:mandant/agentur/statistik',
    {
      onRequest: app.authenticateAgency('statistics'),
      schema: {
        tags: ['agency'],
        summary: 'Counts per day or month for a chart',
        description: `Access: an agency token with ability statistics (owner, inactive owner, employee); only the caller's agency. One point per Berlin day for ranges up to ${STATISTIK_MAX_TAGE_PRO_TAG} days, else per month; every bucket present. von/bis missing or not YYYY-MM-DD: 400 PSOF0013; bis before von or more than three years: 400 PSOF0649.`,
        security: bearer,
        params: mandantParamsSchema,
        querystring: {
          type: 'object',
          required: ['von', 'bis'],
          properties: {
            von: {
              type: 'string',
              pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
              description: 'First day, YYYY-MM-DD.',
            },
            bis: {
              type: 'string',
              pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
              description: 'Last day (included).',
            },
          },
        },
        response: { 200: statisticsSchema, ...errorResponses },
      },
    },
    async (request) => {
      requireMandant(app.mandants, request.params.mandant);
      const range = statisticsRange(request.query.von, request.query.bis);
      return agencyStatistics(app.database.kysely, agencyOf(request), range);
    },
  );
};
