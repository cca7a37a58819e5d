import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  AGENCY_STATUSES,
  type AgencyDecisionRequest,
  type BackofficeAgentur,
} from '../../../schemas/backofficeSupport.ts';
import { backofficeAgencyDecisionSchema } from '../../../schemas/forms/backofficeSupport.ts';
import { type ReportQuery, reportPageSchema, reportQuerySchema } from '../../../schemas/reportQuery.ts';
import { bodySchemaOf } from '../../http/formBodySchema.ts';
import { errorResponses, mandantParamsSchema, requireMandant } from '../../http/mandantParam.ts';
import { PageBoundaryCache } from '../../reports/PageBoundaryCache.ts';
import { answerReport } from '../../reports/runReport.ts';
import { UUID_PATTERN } from '../../rewards/rewardSchemas.ts';
import { backofficeOf } from '../backofficeAuthPlugin.ts';
import { createAgencyDecisions } from './agencyDecisions.ts';
import { agencyListReport } from './agencyList.ts';

const tags = ['backoffice'];
const nullableString = { type: ['string', 'null'] } as const;

const idParamsSchema = {
  type: 'object',
  required: ['mandant', 'id'],
  properties: {
    ...mandantParamsSchema.properties,
    id: {
      type: 'string',
      pattern: UUID_PATTERN,
      description: 'The agency’s Id (BackofficeAgenturZeile.Id).',
    },
  },
} as const;

interface IdParams {
  mandant: string;
  id: string;
}

const statusSchema = { type: 'string', enum: [...AGENCY_STATUSES] } as const;

const rowSchema = {
  type: 'object',
  required: ['Id', 'Agenturnummer', 'Firma', 'Ort', 'KontaktEmail', 'Status', 'RegistriertAm'],
  properties: {
    Id: { type: 'string' },
    Agenturnummer: { type: 'string' },
    Firma: { type: 'string' },
    Ort: { type: 'string' },
    KontaktEmail: { type: 'string' },
    Status: statusSchema,
    RegistriertAm: { type: 'string' },
  },
} as const;

const text = { type: 'string' } as const;

const agencySchema = {
  type: 'object',
  description: 'schemas/backofficeSupport.ts BackofficeAgentur: the master data, the IBAN masked.',
  required: ['Id', 'Status', 'RegistriertAm', 'Agenturnummer', 'Firma', 'IBAN', 'Inhaber'],
  properties: {
    Id: text,
    Status: statusSchema,
    RegistriertAm: text,
    Agenturnummer: text,
    Firma: text,
    Strasse: text,
    Plz: text,
    Ort: text,
    UstId: text,
    Steuernummer: text,
    KontaktName: text,
    KontaktEmail: text,
    KontaktTelefon: text,
    IBAN: { ...nullableString, description: 'Masked.' },
    Kontoinhaber: nullableString,
    Inhaber: {
      type: 'array',
      items: { type: 'object', required: ['Name', 'Email'], properties: { Name: text, Email: text } },
    },
  },
} as const;

/**
 * Agencies in the back office (issue 15, ability `agencies`, docs/adr/0020): the list (pending first), the
 * detail, and the decision on an agency that registered itself. README beside this file.
 */
export const backofficeAgencyRoutes: FastifyPluginAsync = async (app) => {
  const agencies = app.authenticateBackoffice('agencies');
  const boundaries = new PageBoundaryCache();
  const decisions = createAgencyDecisions({
    db: app.database.kysely,
    cipher: app.fieldCipher,
    mail: app.mail,
  });
  const mandantOf = (request: FastifyRequest) =>
    requireMandant(app.mandants, backofficeOf(request).mandantId);

  app.put<{ Params: IdParams; Body: ReportQuery }>(
    '/:mandant/backoffice/agenturen',
    {
      onRequest: agencies,
      schema: {
        tags,
        summary: 'The mandant’s agencies, pending first',
        description:
          'SPEC 3 report query. Sortable: Status (default: pending, registered, active, rejected; oldest first within), Agenturnummer, Firma, RegistriertAm. Filterable: Status (A,B), Agenturnummer, Firma, Ort, KontaktEmail (contains), RegistriertAm. Keyset pages (server/reports). Bad query: 400 PSOF0013.',
        params: mandantParamsSchema,
        body: reportQuerySchema,
        response: { 200: reportPageSchema(rowSchema), ...errorResponses },
      },
    },
    async (request) =>
      answerReport(
        app.database.kysely,
        agencyListReport,
        { mandantId: mandantOf(request).id, context: {}, query: request.body },
        boundaries,
      ),
  );

  app.get<{ Params: IdParams }>(
    '/:mandant/backoffice/agenturen/:id',
    {
      onRequest: agencies,
      schema: {
        tags,
        summary: 'An agency: status, master data (IBAN masked) and owners',
        description: 'Unknown or another mandant’s: 404 PSOF0704.',
        params: idParamsSchema,
        response: { 200: agencySchema, ...errorResponses },
      },
    },
    async (request): Promise<BackofficeAgentur> => decisions.detail(mandantOf(request).id, request.params.id),
  );

  app.put<{ Params: IdParams; Body: AgencyDecisionRequest }>(
    '/:mandant/backoffice/agenturen/:id/entscheidung',
    {
      onRequest: agencies,
      schema: {
        tags,
        summary: 'Activate or reject a pending agency, with a reason; the owners get a mail',
        description:
          'Only a pending agency: any other status, or a decision taken meanwhile by someone else, is 409 PSOF0705. A rejection without a reason: 422 PSOF0766. Activated staff can sign in at once; rejected staff are told PSOF0662. The owners get agencyActivated or agencyRejected (de or en) through the outbox. Audited (agency.activated / agency.rejected, with the reason). Unknown or another mandant’s: 404 PSOF0704.',
        params: idParamsSchema,
        body: bodySchemaOf(backofficeAgencyDecisionSchema),
        response: { 200: agencySchema, ...errorResponses },
      },
    },
    async (request): Promise<BackofficeAgentur> => {
      const mandant = mandantOf(request);
      const principal = backofficeOf(request);
      const answer = await decisions.decide(
        mandant,
        principal.actor,
        request.params.id,
        request.body.Entscheidung,
        request.body.Grund ?? '',
        app.mail.originFor(request, mandant),
      );
      request.log.info(
        { mandant: mandant.id, agency: request.params.id, decision: request.body.Entscheidung },
        'agency decided in the back office',
      );
      return answer;
    },
  );
};
