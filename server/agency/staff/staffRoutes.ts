import type { FastifyPluginAsync } from 'fastify';
import type { MitarbeiterAnlegenRequest, MitarbeiterStatusRequest } from '../../../schemas/agency.ts';
import { personNameField } from '../../../schemas/forms/fields.ts';
import { enforceRateLimits } from '../../http/enforceRateLimits.ts';
import {
  errorResponses,
  type MandantParams,
  mandantParamsSchema,
  requireMandant,
} from '../../http/mandantParam.ts';
import { requestLanguage } from '../../http/requestLanguage.ts';
import { agencyOf } from '../agencyAuthPlugin.ts';
import { createAgencyTokenRepository } from '../passwords/agencyTokenRepository.ts';
import { createStaffService } from './staffService.ts';

/** Adding staff sends a mail: a few a minute are plenty for an owner, too few for a spam run. */
export const STAFF_LIMITS = { addPerOwner: { limit: 30, windowSeconds: 60 * 60 } } as const;

const staffRowSchema = {
  type: 'object',
  description: 'A member of staff (schemas/agency.ts AgenturMitarbeiterZeile).',
  required: ['Id', 'Name', 'Email', 'Mitarbeiternummer', 'Rollen', 'Status', 'Angelegt'],
  properties: {
    Id: { type: 'string' },
    Name: { type: 'string' },
    Email: { type: 'string' },
    Mitarbeiternummer: { type: ['string', 'null'] },
    Rollen: { type: 'array', items: { type: 'string' } },
    Status: { type: 'string', enum: ['active', 'inactive', 'blocked'] },
    Angelegt: { type: 'string' },
  },
} as const;

const idParamsSchema = {
  type: 'object',
  required: ['mandant', 'id'],
  properties: {
    ...mandantParamsSchema.properties,
    id: {
      type: 'string',
      pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
      description: 'The staff member’s Id (AgenturMitarbeiterZeile.Id).',
    },
  },
} as const;

interface IdParams extends MandantParams {
  id: string;
}

/** Issue 14 "Employees": the owner adds staff to the agency and deactivates or reactivates them. */
export const staffRoutes: FastifyPluginAsync = async (app) => {
  const service = createStaffService({
    db: app.database.kysely,
    mail: app.mail,
    tokens: createAgencyTokenRepository(),
  });

  app.post<{ Params: MandantParams; Body: MitarbeiterAnlegenRequest }>(
    '/:mandant/agentur/mitarbeiter',
    {
      onRequest: app.authenticateAgency('employees'),
      schema: {
        tags: ['agency'],
        summary: 'Add a member of staff to the caller’s agency (active, signs in by SSO or sets a password)',
        description: `Only users of the caller’s own agency. The user gets a mail with a welcome link to set a password (72 h, single use; with SSO it also names the agency login). Errors: 400 PSOF0013 (shape), 422 PSOF0302/PSOF0301 (e-mail), PSOF0635 (Mitarbeiternummer taken in the agency), 409 PSOF0637 (the e-mail has a staff login in this mandant), 429 PSOF0016.`,
        security: [{ bearer: [] }],
        params: mandantParamsSchema,
        body: {
          type: 'object',
          required: ['Name', 'Email', 'Rolle'],
          properties: {
            Name: { ...personNameField, maxLength: 200 },
            Email: { type: 'string', minLength: 1, maxLength: 254 },
            Mitarbeiternummer: { type: 'string', nullable: true, maxLength: 40 },
            Rolle: { type: 'string', enum: ['owner', 'inactiveOwner', 'employee'] },
          },
        },
        response: { 201: staffRowSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const owner = agencyOf(request);
      await enforceRateLimits(app.rateLimiter, request, reply, [
        {
          name: 'staffAddPerOwner',
          key: app.rateLimitKeys.forEmail('staffAdd', mandant.id, owner.userId),
          rule: STAFF_LIMITS.addPerOwner,
        },
      ]);
      const row = await service.add({
        mandant,
        owner,
        body: request.body,
        language: requestLanguage(request),
        origin: app.mail.originFor(request, mandant),
      });
      request.log.info({ mandant: mandant.id, agency: owner.agencyId, user: row.Id }, 'agency staff added');
      return reply.code(201).send(row);
    },
  );

  app.put<{ Params: IdParams; Body: MitarbeiterStatusRequest }>(
    '/:mandant/agentur/mitarbeiter/:id/status',
    {
      onRequest: app.authenticateAgency('employees'),
      schema: {
        tags: ['agency'],
        summary: 'Deactivate or reactivate a member of staff',
        description: `Only users of the caller’s own agency. A deactivated user's next call answers 401 PSOF0204 (their session ends). Own account: 409 PSOF0636. Another agency's user, an unknown or a barred one: 404 PSOF0601.`,
        security: [{ bearer: [] }],
        params: idParamsSchema,
        body: {
          type: 'object',
          required: ['Status'],
          properties: { Status: { type: 'string', enum: ['active', 'inactive'] } },
        },
        response: { 200: staffRowSchema, ...errorResponses },
      },
    },
    async (request) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const owner = agencyOf(request);
      const row = await service.setStatus(owner, request.params.id, request.body.Status);
      request.log.info(
        { mandant: mandant.id, agency: owner.agencyId, user: row.Id, status: row.Status },
        'agency staff status changed',
      );
      return row;
    },
  );
};
