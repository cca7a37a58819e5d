import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ACCOUNT_STATUSES,
  SUPPORT_MAIL_KINDS,
  SUPPORT_SEARCH_MAX_LENGTH,
  type SupportAdminLoginResponse,
  type SupportEraseRequest,
  type SupportMailRequest,
} from '../../../schemas/backofficeSupport.ts';
import { backofficeEraseSchema } from '../../../schemas/forms/backofficeSupport.ts';
import { type ReportQuery, reportPageSchema, reportQuerySchema } from '../../../schemas/reportQuery.ts';
import { adminLoginPath } from '../../account/adminLoginPath.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import { enforceRateLimits } from '../../http/enforceRateLimits.ts';
import { bodySchemaOf } from '../../http/formBodySchema.ts';
import { errorResponses, mandantParamsSchema, requireMandant } from '../../http/mandantParam.ts';
import type { LoadedMandant } from '../../mandants/LoadedMandant.ts';
import type { RateLimitRule } from '../../rateLimit/RateLimiter.ts';
import { PageBoundaryCache } from '../../reports/PageBoundaryCache.ts';
import { answerReport } from '../../reports/runReport.ts';
import { UUID_PATTERN } from '../../rewards/rewardSchemas.ts';
import { backofficeOf } from '../backofficeAuthPlugin.ts';
import { recommenderSearchReport } from './recommenderSearch.ts';
import { createSupportService, type SupportCaller } from './supportService.ts';

/** Mails support may send one recommender: enough to help, too few to flood a mailbox. */
export const SUPPORT_LIMITS = {
  mailPerRecommender: { limit: 3, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;

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
      description: 'The recommender’s Id (SupportEmpfehlerZeile.Id).',
    },
  },
} as const;

interface IdParams {
  mandant: string;
  id: string;
}

const searchBodySchema = {
  ...reportQuerySchema,
  properties: {
    ...reportQuerySchema.properties,
    Suche: {
      type: 'string',
      maxLength: SUPPORT_SEARCH_MAX_LENGTH,
      description:
        'Contained in the e-mail or the name (case-insensitive), or exactly the Empfehlerhash, a recommendation number or code, or a customer number.',
    },
  },
} as const;

const rowSchema = {
  type: 'object',
  required: ['Id', 'Email', 'Vorname', 'Nachname', 'Empfehlerhash', 'Status', 'RegistriertAm'],
  properties: {
    Id: { type: 'string' },
    Email: { type: 'string' },
    Vorname: { type: 'string' },
    Nachname: { type: 'string' },
    Empfehlerhash: { type: 'string' },
    Status: { type: 'string', enum: [...ACCOUNT_STATUSES] },
    RegistriertAm: { type: 'string' },
  },
} as const;

const cardSchema = {
  type: 'object',
  description: 'schemas/backofficeSupport.ts SupportEmpfehlerKarte: never the IBAN, never a mail body.',
  required: [
    'Id',
    'Email',
    'Anrede',
    'Vorname',
    'Nachname',
    'Empfehlerhash',
    'Sprache',
    'Status',
    'RegistriertAm',
    'PasswortGesetzt',
    'Empfehlungen',
    'Praemierungen',
    'BankdatenHinterlegt',
    'Newsletter',
    'Mails',
  ],
  properties: {
    Id: { type: 'string' },
    Email: { type: 'string' },
    Anrede: { type: 'string' },
    Vorname: { type: 'string' },
    Nachname: { type: 'string' },
    Empfehlerhash: { type: 'string' },
    Sprache: { type: 'string' },
    Status: { type: 'string' },
    RegistriertAm: { type: 'string' },
    PasswortGesetzt: { type: 'boolean' },
    Empfehlungen: { type: 'integer' },
    Praemierungen: {
      type: 'array',
      items: {
        type: 'object',
        required: ['Id', 'Empfehlungsnummer', 'Status', 'WertCent', 'ErstelltAm', 'MailMoeglich'],
        properties: {
          Id: { type: 'string' },
          Empfehlungsnummer: nullableString,
          Status: { type: 'string' },
          WertCent: { type: 'integer' },
          ErstelltAm: { type: 'string' },
          MailMoeglich: { type: 'boolean' },
        },
      },
    },
    BankdatenHinterlegt: { type: 'boolean' },
    Newsletter: { type: 'string', enum: ['optedOut', 'pending', 'optedIn'] },
    Mails: {
      type: 'array',
      items: {
        type: 'object',
        required: ['Vorlage', 'Status', 'ErstelltAm', 'VersendetAm'],
        properties: {
          Vorlage: { type: 'string' },
          Status: { type: 'string' },
          ErstelltAm: { type: 'string' },
          VersendetAm: nullableString,
        },
      },
    },
  },
} as const;

/**
 * Support in the back office (issue 15, ability `support`): find a recommender, their card, SPEC's admin
 * token login, a mail sent again, export and erasure on request (GDPR Art. 15, 17, 20). Every query is
 * scoped by the caller's mandant: another mandant's recommender is 404 PSOF0704. README beside this file.
 */
export const supportRoutes: FastifyPluginAsync = async (app) => {
  const support = app.authenticateBackoffice('support');
  const boundaries = new PageBoundaryCache();
  const service = createSupportService({
    db: app.database.kysely,
    accounts: app.accountRepository,
    lifecycle: app.accountLifecycleRepository,
    accountTokens: app.accountTokenRepository,
    loginTokens: app.loginTokenRepository,
    mail: app.mail,
    bankDetails: { db: app.database.kysely, cipher: app.fieldCipher, fingerprints: app.fingerprints },
    loginTokenTtlMinutes: app.config.loginTokenTtlMinutes,
  });

  function callerOf(request: FastifyRequest): SupportCaller & { mandant: LoadedMandant } {
    const principal = backofficeOf(request);
    return { mandant: requireMandant(app.mandants, principal.mandantId), actor: principal.actor };
  }

  app.put<{ Params: IdParams; Body: ReportQuery & { Suche?: string } }>(
    '/:mandant/backoffice/support/empfehler',
    {
      onRequest: support,
      schema: {
        tags,
        summary:
          'Find a recommender: by e-mail, name, Empfehlerhash, recommendation number or customer number',
        description:
          'SPEC 3 report query plus Suche (empty: every recommender, newest first). Sortable: Email, Vorname, Nachname, Status, RegistriertAm (default, newest first). Filterable: Email, Vorname, Nachname (contains), Status (A,B), RegistriertAm (day or FROM..TO). Keyset pages (server/reports). Bad query: 400 PSOF0013.',
        params: mandantParamsSchema,
        body: searchBodySchema,
        response: { 200: reportPageSchema(rowSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { Suche, ...query } = request.body;
      return answerReport(
        app.database.kysely,
        recommenderSearchReport,
        { mandantId: callerOf(request).mandant.id, context: { search: (Suche ?? '').trim() }, query },
        boundaries,
      );
    },
  );

  app.get<{ Params: IdParams }>(
    '/:mandant/backoffice/support/empfehler/:id',
    {
      onRequest: support,
      schema: {
        tags,
        summary:
          'A recommender’s card: status, registration, recommendations, rewards, bank data present, newsletter, last mails',
        description:
          'Never the IBAN (only whether bank data is stored), never a mail body (template, status and times of the last 10 mails). Unknown or another mandant’s: 404 PSOF0704.',
        params: idParamsSchema,
        response: { 200: cardSchema, ...errorResponses },
      },
    },
    async (request) => service.card(callerOf(request).mandant, request.params.id),
  );

  app.post<{ Params: IdParams }>(
    '/:mandant/backoffice/support/empfehler/:id/adminLogin',
    {
      onRequest: support,
      schema: {
        tags,
        summary:
          'SPEC’s admin token login: a single-use link that signs in as the recommender, to see what they see',
        description:
          'Answers the URL of the mandant’s Admin route with a fresh login token (GET account/login/?token=: used once, valid GueltigMinuten minutes); the back office opens it in a new tab. Audited (recommender.adminLogin: who looked at whom). An account that is not active: 409 PSOF0760; unknown or another mandant’s: 404 PSOF0704.',
        params: idParamsSchema,
        response: {
          200: {
            type: 'object',
            required: ['Url', 'GueltigMinuten'],
            properties: { Url: { type: 'string' }, GueltigMinuten: { type: 'integer' } },
          },
          ...errorResponses,
        },
      },
    },
    async (request): Promise<SupportAdminLoginResponse> => {
      const caller = callerOf(request);
      const token = await service.adminLogin(caller, request.params.id);
      const { mandant } = caller;
      const origin = app.mail.originFor(request, mandant);
      request.log.info({ mandant: mandant.id, account: request.params.id }, 'back-office admin login issued');
      return {
        Url: `${origin}/${mandant.config.SupportedLanguage.Standard}${adminLoginPath(mandant.config.routes, token)}`,
        GueltigMinuten: app.config.loginTokenTtlMinutes,
      };
    },
  );

  app.post<{ Params: IdParams; Body: SupportMailRequest }>(
    '/:mandant/backoffice/support/empfehler/:id/mail',
    {
      onRequest: support,
      schema: {
        tags,
        summary:
          'Send a mail again: welcome (set-password link), password reset, newsletter opt-in, or a reward mail',
        description: `Through the mail functions the recommender's own calls use; answers the template that went out (welcome for an account with a password is alreadyRegistered). At most ${SUPPORT_LIMITS.mailPerRecommender.limit} per recommender and hour (429 PSOF0761). Not active: 409 PSOF0760; opt-in not waiting for confirmation: 409 PSOF0762; reward collected, cancelled or lapsed: 409 PSOF0763; no newsletter in the mandant: 403 PSOF0244; unknown recommender or reward: 404 PSOF0704. Audited (recommender.mailResent).`,
        params: idParamsSchema,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['Mail'],
          properties: {
            Mail: { type: 'string', enum: [...SUPPORT_MAIL_KINDS] },
            PraemierungId: {
              type: 'string',
              pattern: UUID_PATTERN,
              description: 'The reward of a reward mail.',
            },
          },
        },
        response: {
          200: { type: 'object', required: ['Vorlage'], properties: { Vorlage: { type: 'string' } } },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { mandant } = caller;
      const { Mail, PraemierungId } = request.body;
      if (Mail === 'reward' && !PraemierungId) {
        throw new ApiProblem('PSOF0013', [
          { pointer: '/PraemierungId', reason: 'required for a reward mail' },
        ]);
      }
      try {
        await enforceRateLimits(app.rateLimiter, request, reply, [
          {
            name: 'backofficeSupportMailPerRecommender',
            key: app.rateLimitKeys.forEmail('backofficeSupportMail', mandant.id, request.params.id),
            rule: SUPPORT_LIMITS.mailPerRecommender,
          },
        ]);
      } catch (error) {
        if (error instanceof ApiProblem && error.code === 'PSOF0016') throw new ApiProblem('PSOF0761');
        throw error;
      }
      const answer = await service.resendMail(caller, request.params.id, Mail, {
        praemierungId: PraemierungId,
        origin: app.mail.originFor(request, mandant),
      });
      request.log.info(
        { mandant: mandant.id, account: request.params.id, mail: Mail },
        'back-office mail resent',
      );
      return answer;
    },
  );

  app.get<{ Params: IdParams }>(
    '/:mandant/backoffice/support/empfehler/:id/export',
    {
      onRequest: support,
      schema: {
        tags,
        summary:
          'Everything stored about the recommender, as a JSON download (GDPR Art. 15 and 20, on request)',
        description:
          'The same JSON as the recommender’s own GET empfehler/export (IBAN in full, friends masked; docs/adr/0011). Audited (recommender.exported: that it happened, not the data). Unknown or another mandant’s: 404 PSOF0704.',
        params: idParamsSchema,
        response: { 200: { type: 'object', additionalProperties: true }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const data = await service.exportData(caller, request.params.id);
      request.log.info({ mandant: caller.mandant.id, account: request.params.id }, 'back-office data export');
      return reply
        .header('content-disposition', `attachment; filename="empfehler-daten-${caller.mandant.id}.json"`)
        .send(data);
    },
  );

  app.post<{ Params: IdParams; Body: SupportEraseRequest }>(
    '/:mandant/backoffice/support/empfehler/:id/loeschen',
    {
      onRequest: support,
      schema: {
        tags,
        summary:
          'Erase the recommender on request (GDPR Art. 17): the recommender’s own erasure, confirmed by the e-mail typed again',
        description:
          'What accounting must keep (reward amounts and statuses, recommendation numbers) stays without the person, as in DELETE empfehler/delete (docs/adr/0011). Another e-mail than the person’s: 422 PSOF0764; a reward in a payout run not yet executed: 409 PSOF0765 (erase after the run); unknown, already erased or another mandant’s: 404 PSOF0704. Audited (recommender.erased: ids and counts only).',
        params: idParamsSchema,
        body: bodySchemaOf(backofficeEraseSchema),
        response: { 204: { type: 'null' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      await service.erase(caller, request.params.id, request.body.Email);
      request.log.info({ mandant: caller.mandant.id, account: request.params.id }, 'back-office erasure');
      return reply.code(204).send();
    },
  );
};
