import type { FastifyPluginAsync } from 'fastify';
import type { NewsletterTokenRequest } from '../../schemas/newsletter.ts';
import { principalOf, sessionAccount } from '../account/sessionAccount.ts';
import { bearerToken } from '../auth/bearerToken.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import {
  errorResponses,
  type MandantParams,
  mandantParamsSchema,
  requireMandant,
} from '../http/mandantParam.ts';
import { requestLanguage } from '../http/requestLanguage.ts';
import { confirmOptin, requestOptin, withdrawOptin } from './newsletter.ts';
import { newsletterDeps, rateLimitDeps } from './personalAreaDeps.ts';
import { limitPerAccount, limitTokenUse } from './personalAreaLimits.ts';
import {
  newsletterFieldsSchema,
  newsletterTokenBodySchema,
  setNewsletterOptinSchema,
} from './recommenderSchemas.ts';

const bearer = [{ bearer: [] }];

/**
 * SPEC section 7, newsletter double opt-in (ModuleNewsletterPermission; off: 403 PSOF0244): request the
 * opt-in mail, confirm with its link, withdraw. Every step stores the consent event with the text shown,
 * its version and the source (server/recommender/newsletter.ts).
 */
export const newsletterRoutes: FastifyPluginAsync = async (app) => {
  app.put<{ Params: MandantParams }>(
    '/:mandant/empfehler/setNewsletterOptin',
    {
      onRequest: app.authenticate('user'),
      schema: {
        tags: ['newsletter'],
        summary: 'Ask for the newsletter: sends the opt-in mail (double opt-in)',
        description:
          'OptinAlreadySet: already opted in, nothing sent. OptinMailAlreadySent: a mail went out in the last minutes, none sent again. Both false: the mail was sent; the state is pending. Rate-limited per account.',
        security: bearer,
        params: mandantParamsSchema,
        response: { 200: setNewsletterOptinSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const account = await sessionAccount(app.accountRepository, principalOf(request));
      await limitPerAccount(rateLimitDeps(app), request, reply, mandant.id, account.id, 'mailPerAccount');
      const answer = await requestOptin(newsletterDeps(app), mandant, account, {
        language: requestLanguage(request),
        origin: app.mail.originFor(request, mandant),
      });
      request.log.info(
        {
          mandant: mandant.id,
          account: account.id,
          sent: !answer.OptinAlreadySet && !answer.OptinMailAlreadySent,
        },
        'newsletter opt-in requested',
      );
      return answer;
    },
  );

  app.put<{ Params: MandantParams; Body: NewsletterTokenRequest }>(
    '/:mandant/empfehler/newsletter/optin',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'Confirm the newsletter with the token of the opt-in mail’s link (once)',
        description:
          'Unknown or expired link: 410 PSOF0245; used before: 409 PSOF0246. Rate-limited per client.',
        params: mandantParamsSchema,
        body: { ...newsletterTokenBodySchema, required: ['Token'] },
        response: { 200: newsletterFieldsSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      await limitTokenUse(rateLimitDeps(app), request, reply, mandant.id);
      const fields = await confirmOptin(
        newsletterDeps(app),
        mandant,
        request.body.Token ?? '',
        requestLanguage(request),
      );
      request.log.info({ mandant: mandant.id }, 'newsletter opt-in confirmed');
      return fields;
    },
  );

  app.put<{ Params: MandantParams; Body: NewsletterTokenRequest }>(
    '/:mandant/empfehler/newsletter/optout',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'Withdraw the newsletter consent: logged in, or with the unsubscribe link’s token',
        description:
          'With `Token` (from the opt-in mail) no login is needed; unknown or expired: 410 PSOF0245, used: 409 PSOF0246. Without it the session decides (none: 401 PSOF0210).',
        security: bearer,
        params: mandantParamsSchema,
        body: newsletterTokenBodySchema,
        response: { 200: newsletterFieldsSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const language = requestLanguage(request);
      const token = request.body?.Token;
      if (token) {
        await limitTokenUse(rateLimitDeps(app), request, reply, mandant.id);
        const fields = await withdrawOptin(newsletterDeps(app), mandant, { token }, language);
        request.log.info({ mandant: mandant.id }, 'newsletter withdrawn by link');
        return fields;
      }
      if (!bearerToken(request.headers)) throw new ApiProblem('PSOF0210');
      await app.authenticate('user')(request);
      const account = await sessionAccount(app.accountRepository, principalOf(request));
      const fields = await withdrawOptin(
        newsletterDeps(app),
        mandant,
        { accountId: account.id, source: 'settings' },
        language,
      );
      request.log.info({ mandant: mandant.id, account: account.id }, 'newsletter withdrawn');
      return fields;
    },
  );
};
