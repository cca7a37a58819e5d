import type { FastifyPluginAsync } from 'fastify';
import {
  type BenachrichtigungEinstellung,
  OPTIONAL_NOTIFICATIONS,
  type OptionalNotification,
  type Steuerhinweis,
} from '../../schemas/personalArea.ts';
import { principalOf, sessionAccount } from '../account/sessionAccount.ts';
import {
  errorResponses,
  type MandantParams,
  mandantParamsSchema,
  requireMandant,
} from '../http/mandantParam.ts';
import { rateLimitDeps, recommenderServiceDeps } from './personalAreaDeps.ts';
import { limitPerAccount } from './personalAreaLimits.ts';
import { createRecommenderService } from './recommenderService.ts';

const bearer = [{ bearer: [] }];

const settingsSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['Art', 'Aktiv'],
    properties: { Art: { type: 'string', enum: [...OPTIONAL_NOTIFICATIONS] }, Aktiv: { type: 'boolean' } },
  },
} as const;

const taxNoticeSchema = {
  type: 'object',
  required: ['Anzeigen', 'Jahr', 'SummeCent', 'FreigrenzeCent'],
  properties: {
    Anzeigen: { type: 'boolean' },
    Jahr: { type: 'integer' },
    SummeCent: { type: 'integer' },
    FreigrenzeCent: { type: 'integer' },
  },
} as const;

/**
 * Issue 13: which optional mails the recommender gets (friend confirmed, order received; reward mails
 * always go out), and the § 22 Nr. 3 EStG note when the year's paid rewards come near 256 €.
 */
export const notificationRoutes: FastifyPluginAsync = async (app) => {
  const service = createRecommenderService(recommenderServiceDeps(app));

  app.get<{ Params: MandantParams }>(
    '/:mandant/empfehler/benachrichtigungen',
    {
      onRequest: app.authenticate('user'),
      schema: {
        tags: ['recommender'],
        summary: 'The optional notification mails and whether each is on',
        security: bearer,
        params: mandantParamsSchema,
        response: { 200: settingsSchema, ...errorResponses },
      },
    },
    async (request) => {
      requireMandant(app.mandants, request.params.mandant);
      const account = await sessionAccount(app.accountRepository, principalOf(request));
      return service.notificationSettings(account);
    },
  );

  app.put<{ Params: MandantParams; Body: BenachrichtigungEinstellung }>(
    '/:mandant/empfehler/benachrichtigungen',
    {
      onRequest: app.authenticate('user'),
      schema: {
        tags: ['recommender'],
        summary: 'Turn one optional notification mail on or off',
        security: bearer,
        params: mandantParamsSchema,
        body: {
          type: 'object',
          required: ['Art', 'Aktiv'],
          additionalProperties: false,
          properties: {
            Art: { type: 'string', enum: [...OPTIONAL_NOTIFICATIONS] },
            Aktiv: { type: 'boolean' },
          },
        },
        response: { 200: settingsSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const account = await sessionAccount(app.accountRepository, principalOf(request));
      await limitPerAccount(rateLimitDeps(app), request, reply, mandant.id, account.id, 'changePerAccount');
      const art: OptionalNotification = request.body.Art;
      const answer = await service.setNotification(mandant.id, account.id, art, request.body.Aktiv);
      request.log.info(
        { mandant: mandant.id, account: account.id, art, on: request.body.Aktiv },
        'notification set',
      );
      return answer;
    },
  );

  app.get<{ Params: MandantParams }>(
    '/:mandant/empfehler/steuerhinweis',
    {
      onRequest: app.authenticate('user'),
      schema: {
        tags: ['recommender'],
        summary: 'Tax note: rewards paid this calendar year, and whether they come near the 256 € Freigrenze',
        security: bearer,
        params: mandantParamsSchema,
        response: { 200: taxNoticeSchema, ...errorResponses },
      },
    },
    async (request): Promise<Steuerhinweis> => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const account = await sessionAccount(app.accountRepository, principalOf(request));
      return service.taxNotice(mandant.id, account.id);
    },
  );
};
