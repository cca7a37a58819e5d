import type { FastifyPluginAsync } from 'fastify';
import { wireDateTime } from '../../domain/format.ts';
import {
  type BenachrichtigungEinstellung,
  OPTIONAL_NOTIFICATIONS,
  type OptionalNotification,
  type Steuerhinweis,
  TAX_FREE_LIMIT_CENT,
  TAX_NOTICE_FROM_CENT,
} from '../../schemas/personalArea.ts';
import { principalOf, sessionAccount } from '../account/sessionAccount.ts';
import {
  errorResponses,
  type MandantParams,
  mandantParamsSchema,
  requireMandant,
} from '../http/mandantParam.ts';
import { paidInYear } from '../notifications/recommenderNotifications.ts';
import { limitPerAccount } from './personalAreaLimits.ts';

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

function settings(optouts: readonly string[]): BenachrichtigungEinstellung[] {
  return OPTIONAL_NOTIFICATIONS.map((Art) => ({ Art, Aktiv: !optouts.includes(Art) }));
}

/**
 * Issue 13: which optional mails the recommender gets (friend confirmed, order received; reward mails
 * always go out), and the § 22 Nr. 3 EStG note when the year's paid rewards come near 256 €.
 */
export const notificationRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.kysely;

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
      const row = await db
        .selectFrom('account')
        .select('notification_optouts')
        .where('mandant_id', '=', account.mandantId)
        .where('id', '=', account.id)
        .executeTakeFirstOrThrow();
      return settings(row.notification_optouts);
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
      await limitPerAccount(app, request, reply, mandant.id, account.id, 'changePerAccount');
      const art: OptionalNotification = request.body.Art;
      // One statement: two toggles at once cannot lose each other's change.
      const row = await db
        .updateTable('account')
        .set((eb) => ({
          notification_optouts: request.body.Aktiv
            ? eb.fn<string[]>('array_remove', ['notification_optouts', eb.val(art)])
            : eb.fn<string[]>('array_append', [
                eb.fn<string[]>('array_remove', ['notification_optouts', eb.val(art)]),
                eb.val(art),
              ]),
        }))
        .where('mandant_id', '=', mandant.id)
        .where('id', '=', account.id)
        .returning('notification_optouts')
        .executeTakeFirstOrThrow();
      request.log.info(
        { mandant: mandant.id, account: account.id, art, on: request.body.Aktiv },
        'notification set',
      );
      return settings(row.notification_optouts);
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
      const year = Number(wireDateTime(app.config.clock.now()).slice(0, 4));
      const total = await paidInYear(db, mandant.id, account.id, year);
      return {
        Anzeigen: total >= TAX_NOTICE_FROM_CENT,
        Jahr: year,
        SummeCent: total,
        FreigrenzeCent: TAX_FREE_LIMIT_CENT,
      };
    },
  );
};
