import type { FastifyPluginAsync } from 'fastify';
import type { BackofficeRole } from '../../../domain/backofficeAbilities.ts';
import { BACKOFFICE_ROLES } from '../../../domain/backofficeAbilities.ts';
import type { BackofficeMitarbeiterZeile } from '../../../schemas/backofficeStaff.ts';
import {
  backofficeStaffInvitationSchema,
  backofficeStaffRolesSchema,
} from '../../../schemas/forms/backofficeStaff.ts';
import { setPasswordSchema } from '../../../schemas/forms/setPassword.ts';
import { type ReportQuery, reportPageSchema, reportQuerySchema } from '../../../schemas/reportQuery.ts';
import { enforceRateLimits } from '../../http/enforceRateLimits.ts';
import { bodySchemaOf } from '../../http/formBodySchema.ts';
import {
  errorResponses,
  type MandantParams,
  mandantParamsSchema,
  requireMandant,
} from '../../http/mandantParam.ts';
import { requestLanguage } from '../../http/requestLanguage.ts';
import { PageBoundaryCache } from '../../reports/PageBoundaryCache.ts';
import { answerReport } from '../../reports/runReport.ts';
import { backofficeOf } from '../backofficeAuthPlugin.ts';
import { createBackofficeStaffService, staffReport } from './staffService.ts';

const staffRowSchema = {
  type: 'object',
  required: ['Id', 'Name', 'Email', 'Rollen', 'Status', 'Anmeldung', 'LetzteAnmeldung', 'Angelegt', 'Stand'],
  properties: {
    Id: { type: 'string' },
    Name: { type: 'string' },
    Email: { type: 'string' },
    Rollen: { type: 'array', items: { type: 'string', enum: BACKOFFICE_ROLES } },
    Status: { type: 'string', enum: ['active', 'inactive'] },
    Anmeldung: { type: 'string', enum: ['sso', 'passwort', 'eingeladen'] },
    LetzteAnmeldung: { type: ['string', 'null'] },
    Angelegt: { type: 'string' },
    Stand: { type: 'string', description: 'Send it back with a change (else 409 PSOF0705).' },
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
    },
  },
} as const;

const standProperty = { Stand: { type: 'string', maxLength: 100 } } as const;

type IdParams = MandantParams & { id: string };

/** Invitations per admin and hour (each one sends a mail). */
const INVITE_LIMIT = { limit: 30, windowSeconds: 60 * 60 } as const;

/** The programme team (issue 15, ability staff) and the invited member's first password. */
export const backofficeStaffRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.kysely;
  const staff = createBackofficeStaffService({ db, mail: app.mail, passwordHasher: app.passwordHasher });
  const onRequest = app.authenticateBackoffice('staff');
  const boundaries = new PageBoundaryCache();

  app.put<{ Params: MandantParams; Body: ReportQuery }>(
    '/:mandant/backoffice/mitarbeiter/report',
    {
      onRequest,
      schema: {
        tags: ['backoffice'],
        summary: 'The programme team, one page for a report query',
        description:
          'Sortable: Name (default), Email, Status, LetzteAnmeldung, Angelegt. Filterable: Name, Email, Rollen (contains), Status, Angelegt.',
        params: mandantParamsSchema,
        body: reportQuerySchema,
        response: { 200: reportPageSchema(staffRowSchema), ...errorResponses },
      },
    },
    async (request) =>
      answerReport(
        db,
        staffReport,
        { mandantId: backofficeOf(request).mandantId, context: {}, query: request.body },
        boundaries,
      ),
  );

  app.post<{ Params: MandantParams; Body: { Name: string; Email: string; Rollen: BackofficeRole[] } }>(
    '/:mandant/backoffice/mitarbeiter',
    {
      onRequest,
      schema: {
        tags: ['backoffice'],
        summary: 'Invite a member of the programme team (a mail with a set-password link)',
        description:
          'The member is active without a password; the mail’s link (72 h, single use) sets one, and the first sign-in sets up the TOTP app. An address with a back-office login: 409 PSOF0833. Rate-limited per admin. Audited as staff.invited.',
        params: mandantParamsSchema,
        body: bodySchemaOf(backofficeStaffInvitationSchema),
        response: { 201: staffRowSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const admin = backofficeOf(request);
      const mandant = requireMandant(app.mandants, admin.mandantId);
      await enforceRateLimits(app.rateLimiter, request, reply, [
        {
          name: 'backofficeStaffInvitePerAdmin',
          key: app.rateLimitKeys.forEmail('backofficeStaffInvite', mandant.id, admin.userId),
          rule: INVITE_LIMIT,
        },
      ]);
      const row = await staff.invite({
        mandant,
        admin,
        body: request.body,
        language: requestLanguage(request),
        origin: app.mail.originFor(request, mandant),
      });
      return reply.code(201).send(row);
    },
  );

  app.put<{ Params: IdParams; Body: { Rollen: BackofficeRole[]; Stand: string } }>(
    '/:mandant/backoffice/mitarbeiter/:id/rollen',
    {
      onRequest,
      schema: {
        tags: ['backoffice'],
        summary: 'Change a member’s roles',
        description:
          'Takes effect at the member’s next call. An admin cannot take the admin role from themselves: 409 PSOF0831. Unknown or another mandant’s member: 404 PSOF0830; a stale Stand: 409 PSOF0705. Audited as staff.rolesChanged.',
        params: idParamsSchema,
        body: {
          ...bodySchemaOf(backofficeStaffRolesSchema),
          required: ['Rollen', 'Stand'],
          properties: { ...backofficeStaffRolesSchema.properties, ...standProperty },
        },
        response: { 200: staffRowSchema, ...errorResponses },
      },
    },
    async (request): Promise<BackofficeMitarbeiterZeile> =>
      staff.change(backofficeOf(request), request.params.id, request.body.Stand, {
        roles: request.body.Rollen,
      }),
  );

  app.put<{ Params: IdParams; Body: { Status: 'active' | 'inactive'; Stand: string } }>(
    '/:mandant/backoffice/mitarbeiter/:id/status',
    {
      onRequest,
      schema: {
        tags: ['backoffice'],
        summary: 'Deactivate or reactivate a member',
        description:
          'A deactivated member’s session ends at their next call (401 PSOF0204) and they cannot sign in (403 PSOF0703). An admin cannot deactivate themselves: 409 PSOF0832. 404 PSOF0830, 409 PSOF0705 as for roles. Audited as staff.deactivated or staff.reactivated.',
        params: idParamsSchema,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['Status', 'Stand'],
          properties: { Status: { type: 'string', enum: ['active', 'inactive'] }, ...standProperty },
        },
        response: { 200: staffRowSchema, ...errorResponses },
      },
    },
    async (request): Promise<BackofficeMitarbeiterZeile> =>
      staff.change(backofficeOf(request), request.params.id, request.body.Stand, {
        status: request.body.Status,
      }),
  );

  app.put<{ Params: MandantParams; Body: { Token: string; Password: string; PasswordConfirm: string } }>(
    '/:mandant/backoffice/passwortSetzen',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'An invited member sets the first password with the mailed link',
        description:
          'Public: the link is the proof. The account’s password rules (422 PSOF0220–0222); unknown or expired link 410 PSOF0834, used 409 PSOF0835. Then sign in with POST backoffice/login. Rate-limited per client.',
        params: mandantParamsSchema,
        body: {
          ...bodySchemaOf(setPasswordSchema),
          required: ['Token', 'Password', 'PasswordConfirm'],
          properties: { ...setPasswordSchema.properties, Token: { type: 'string', maxLength: 64 } },
        },
        response: { 204: { type: 'null' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      await enforceRateLimits(app.rateLimiter, request, reply, [
        {
          name: 'backofficeSetPasswordPerIp',
          key: app.rateLimitKeys.forClient('backofficeSetPassword', mandant.id, request.ip),
          rule: app.config.rateLimits.loginPerIp,
        },
      ]);
      const { Token, Password, PasswordConfirm } = request.body;
      await staff.setPasswordWithLink(mandant.id, Token, Password, PasswordConfirm);
      return reply.code(204).send();
    },
  );
};
