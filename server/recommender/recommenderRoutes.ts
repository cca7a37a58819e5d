import type { FastifyPluginAsync } from 'fastify';
import type { MeineDatenRequest } from '../../schemas/personalArea.ts';
import { principalOf, sessionAccount } from '../account/sessionAccount.ts';
import { toLoginResponse } from '../account/toLoginResponse.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import { ref } from '../http/apiSchemas.ts';
import {
  errorResponses,
  type MandantParams,
  mandantParamsSchema,
  requireMandant,
} from '../http/mandantParam.ts';
import {
  decodeCursor,
  encodeCursor,
  listTag,
  PAGE_SIZE_MAX,
  type PagingQuery,
  pageSizeOf,
  pagingQuerySchema,
  setNextPage,
} from '../reports/keysetCursor.ts';
import { ownerOf } from '../rewards/rewardAccess.ts';
import { bannerSchema } from '../rewards/rewardSchemas.ts';
import { exportAccountData } from './dataExport.ts';
import { eraseAccount } from './eraseAccount.ts';
import {
  bankDetailsDeps,
  eraseAccountDeps,
  rateLimitDeps,
  recommenderListDeps,
  recommenderServiceDeps,
} from './personalAreaDeps.ts';
import { limitPerAccount } from './personalAreaLimits.ts';
import { listRecommendations, showsBannerTeZuTp } from './recommendations.ts';
import { personalDataBodySchema, recommendationEntrySchema } from './recommenderSchemas.ts';
import { createRecommenderService } from './recommenderService.ts';

const bearer = [{ bearer: [] }];

/**
 * SPEC section 7, recommender: the personal area's recommendations and banner, my data (MeineDaten),
 * the data export (GDPR Art. 20) and the deletion of the account (GDPR Art. 17). Every call needs the
 * recommender's session and sees only their own data.
 */
export const recommenderRoutes: FastifyPluginAsync = async (app) => {
  const user = app.authenticate('user');
  const service = createRecommenderService(recommenderServiceDeps(app));

  app.get<{ Params: MandantParams; Querystring: PagingQuery }>(
    '/:mandant/empfehler/empfehlungen',
    {
      onRequest: user,
      schema: {
        tags: ['recommender'],
        summary: 'The recommender’s recommendations (also those made with the same e-mail before logging in)',
        description: `Newest first, recipient masked; erased recommendations are left out. The body stays SPEC's array; it is one page of at most \`Pagesize\` (default and maximum ${PAGE_SIZE_MAX}) entries, paged by keyset: when more follow, the answer carries \`X-Next-Cursor\` and \`Link: <…>; rel="next"\`, and \`?Cursor=\` with that value answers the next page. Page size outside 1–${PAGE_SIZE_MAX}: 400 PSOF0922.`,
        security: bearer,
        params: mandantParamsSchema,
        querystring: pagingQuerySchema,
        response: { 200: { type: 'array', items: recommendationEntrySchema }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const pageSize = pageSizeOf(request.query.Pagesize, PAGE_SIZE_MAX);
      const account = await sessionAccount(app.accountRepository, principalOf(request));
      const tag = listTag('empfehlungen', mandant.id, account.id);
      const after = request.query.Cursor ? decodeCursor(tag, request.query.Cursor) : null;
      const page = await listRecommendations(recommenderListDeps(app), mandant, ownerOf(account), {
        pageSize,
        after,
      });
      setNextPage(reply, request.url, page.next && encodeCursor(tag, page.next));
      return page.entries;
    },
  );

  app.get<{ Params: MandantParams }>(
    '/:mandant/empfehler/empfehlungen/showbanner/BannerTEZuTP',
    {
      onRequest: user,
      schema: {
        tags: ['recommender'],
        summary: 'Whether to show the “internet + TV” banner',
        description:
          'True when the recommender has a live recommendation (not Storniert/Abgelaufen) of a fixed-line internet product (Kategorie DP) and the catalogue offers internet + TV (TP).',
        security: bearer,
        params: mandantParamsSchema,
        response: { 200: bannerSchema, ...errorResponses },
      },
    },
    async (request) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const account = await sessionAccount(app.accountRepository, principalOf(request));
      return { Anzeigen: await showsBannerTeZuTp(recommenderListDeps(app), mandant, ownerOf(account)) };
    },
  );

  app.put<{ Params: MandantParams; Body: MeineDatenRequest }>(
    '/:mandant/empfehler/meinedaten',
    {
      onRequest: user,
      schema: {
        tags: ['recommender'],
        summary: 'Change salutation, first and last name (MeineDaten); answers the updated user',
        description:
          'Not in SPEC section 7. The e-mail address is the login and cannot be changed here (docs/adr/0011). Names that are not names: 422 PSOF0249. With autologin (IsAutologin) MeineDaten is disabled: 403 PSOF0247. The language is changed with POST /account/updateLanguage/.',
        security: bearer,
        params: mandantParamsSchema,
        body: personalDataBodySchema,
        response: { 200: ref('LoginResponse'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      if (mandant.config.IsAutologin) throw new ApiProblem('PSOF0247');
      const principal = principalOf(request);
      const account = await sessionAccount(app.accountRepository, principal);
      await limitPerAccount(rateLimitDeps(app), request, reply, mandant.id, account.id, 'changePerAccount');
      const updated = await service.changePersonalData(mandant.id, account, principal, request.body);
      request.log.info({ mandant: mandant.id, account: account.id }, 'own data changed');
      return toLoginResponse(updated, principal.token);
    },
  );

  app.get<{ Params: MandantParams }>(
    '/:mandant/empfehler/export',
    {
      onRequest: user,
      schema: {
        tags: ['recommender'],
        summary: 'Everything stored about the recommender, as a JSON download (GDPR Art. 20)',
        description:
          'Account, newsletter consents with their texts, bank data (IBAN in full: only the owner’s session gets it), recommendations (recipients masked), rewards, mails. Rate-limited per account.',
        security: bearer,
        params: mandantParamsSchema,
        response: { 200: { type: 'object', additionalProperties: true }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const account = await sessionAccount(app.accountRepository, principalOf(request));
      await limitPerAccount(rateLimitDeps(app), request, reply, mandant.id, account.id, 'exportPerAccount');
      const data = await exportAccountData(bankDetailsDeps(app), mandant, account);
      request.log.info({ mandant: mandant.id, account: account.id }, 'data exported');
      return reply
        .header('content-disposition', `attachment; filename="meine-daten-${mandant.id}.json"`)
        .send(data);
    },
  );

  app.delete<{ Params: MandantParams }>(
    '/:mandant/empfehler/delete',
    {
      onRequest: user,
      schema: {
        tags: ['recommender'],
        summary: 'Delete the account and erase the person’s data (GDPR Art. 17); every session ends',
        description:
          'What accounting must keep (reward amounts and statuses, recommendation numbers) stays without the person. See docs/adr/0011-erasure-and-export.md.',
        security: bearer,
        params: mandantParamsSchema,
        response: { 204: { type: 'null', description: 'Erased.' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const principal = principalOf(request);
      const account = await sessionAccount(app.accountRepository, principal);
      await eraseAccount(eraseAccountDeps(app), account, principal.claims);
      // The account id is a random uuid that now points nowhere: it identifies no one.
      request.log.info({ mandant: mandant.id, account: account.id }, 'account erased');
      return reply.code(204).send();
    },
  );
};
