import type { FastifyPluginAsync } from 'fastify';
import { MANDANT_ASSETS_PREFIX } from '../../schemas/api.ts';
import { PRAEMIE_IMAGE_VARIANTS, type PraemierungWahl } from '../../schemas/praemien.ts';
import { principalOf, sessionAccount } from '../account/sessionAccount.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import {
  errorResponses,
  type MandantParams,
  mandantParamsSchema,
  requireMandant,
} from '../http/mandantParam.ts';
import { requestLanguage } from '../http/requestLanguage.ts';
import { rateLimitDeps, recommenderListDeps, rewardAccessDeps } from '../recommender/personalAreaDeps.ts';
import { limitPerAccount, limitTokenUse } from '../recommender/personalAreaLimits.ts';
import { showsBannerTeZuTp } from '../recommender/recommendations.ts';
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
import { checkRewardToken, type RewardAccess, resolveRewardAccess } from './rewardAccess.ts';
import { activeCatalogue, findEntry, toRewardOption } from './rewardCatalogue.ts';
import {
  bannerSchema,
  imageParamsSchema,
  rewardChoiceBodySchema,
  rewardOptionSchema,
  rewardSchema,
  UUID_PATTERN,
} from './rewardSchemas.ts';
import { createRewardService } from './rewardService.ts';
import { listOwnedPage, type RewardRecord } from './rewardStore.ts';
import { toRewardResponse } from './toRewardResponse.ts';

const bearer = [{ bearer: [] }];

interface RewardListQuery extends PagingQuery {
  details?: string;
  Id?: string;
}

const rewardListQuerySchema = {
  type: 'object',
  properties: {
    details: { type: 'string', description: 'Present (any value): add the chosen reward.' },
    Id: { type: 'string', description: 'Only this reward (the reward pages look one up by id).' },
    ...pagingQuerySchema.properties,
  },
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NO_REWARD = '00000000-0000-0000-0000-000000000000';

/**
 * SPEC section 7, rewards: the catalogue (GET /praemie and its images), the recommender's rewards
 * (GET/PUT /praemierung/), the banner for reward holders and the reward link (GET
 * /empfehler/praemierungmail/{id}). Reward paths accept a session token or a reward link's token (SPEC 6,
 * server/rewards/rewardAccess.ts); another person's reward id answers 404 PSOF0410 like an unknown one.
 */
export const rewardRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.kysely;
  const service = createRewardService({
    db,
    lifecycle: app.lifecycle,
    jobs: app.jobs,
    mail: app.mail,
    now: () => app.config.clock.now(),
  });

  app.get<{ Params: MandantParams }>(
    '/:mandant/praemie',
    {
      schema: {
        tags: ['rewards'],
        summary: 'The rewards that can be chosen today (reward window of SPEC 4)',
        description: 'Texts in the language of X-Accept-Language (German when the catalogue has none).',
        params: mandantParamsSchema,
        response: { 200: { type: 'array', items: rewardOptionSchema }, ...errorResponses },
      },
    },
    async (request) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const language = requestLanguage(request);
      return activeCatalogue(mandant).map((entry) => toRewardOption(mandant, entry, language));
    },
  );

  const imageHandler = async (
    request: { params: { mandant: string; id: string } },
    reply: import('fastify').FastifyReply,
  ) => {
    const mandant = requireMandant(app.mandants, request.params.mandant);
    const entry = findEntry(mandant, request.params.id);
    if (!entry) throw new ApiProblem('PSOF0410');
    // The catalogue names a checked asset file; the static plugin serves it with its cache headers.
    return reply.redirect(`${MANDANT_ASSETS_PREFIX}/${mandant.id}/${entry.Grafik}`, 302);
  };
  const imageSchema = {
    tags: ['rewards'],
    summary: `A reward's image (${PRAEMIE_IMAGE_VARIANTS.join(', ')}): redirects to the asset file`,
    params: imageParamsSchema,
    response: { 302: { type: 'null', description: 'Location: the image.' }, ...errorResponses },
  };
  app.get<{ Params: { mandant: string; id: string; variant: string } }>(
    '/:mandant/praemie/:id/:variant',
    { schema: imageSchema },
    imageHandler,
  );
  app.get<{ Params: { mandant: string; id: string; variant: string; token: string } }>(
    '/:mandant/praemie/:id/:variant/:token',
    { schema: imageSchema },
    imageHandler,
  );

  /** The caller of a reward path; none at all is 401 PSOF0210 ('log in first'). */
  async function requireAccess(
    request: import('fastify').FastifyRequest<{ Params: MandantParams }>,
    allowCollected: boolean,
  ): Promise<RewardAccess> {
    const mandant = requireMandant(app.mandants, request.params.mandant);
    const access = await resolveRewardAccess(rewardAccessDeps(app), request, mandant, { allowCollected });
    if (!access) throw new ApiProblem('PSOF0210');
    return access;
  }

  app.get<{ Params: MandantParams; Querystring: RewardListQuery }>(
    '/:mandant/praemierung',
    {
      schema: {
        tags: ['rewards'],
        summary: 'The caller’s rewards (a reward link’s token: that one reward)',
        description: `With \`?details\` each reward carries its chosen catalogue entry (Praemie). The body stays SPEC's array; for a session it is one page of at most \`Pagesize\` (default and maximum ${PAGE_SIZE_MAX}) rewards, newest first, paged by keyset: when more follow, the answer carries \`X-Next-Cursor\` and \`Link: <…>; rel="next"\` for \`?Cursor=\`. \`?Id=\` answers only that reward (an empty array when it is not the caller's).`,
        security: bearer,
        params: mandantParamsSchema,
        querystring: rewardListQuerySchema,
        response: { 200: { type: 'array', items: rewardSchema }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const pageSize = pageSizeOf(request.query.Pagesize, PAGE_SIZE_MAX);
      const access = await requireAccess(request, true);
      const wanted = request.query.Id;
      let records: RewardRecord[];
      if (access.kind === 'user') {
        const tag = listTag('praemierung', mandant.id, access.owner.accountId);
        const after = request.query.Cursor ? decodeCursor(tag, request.query.Cursor) : null;
        const page = await listOwnedPage(db, access.owner, {
          pageSize,
          after,
          // Not a uuid: nobody's reward (the column is uuid; the database would refuse the text).
          id: wanted === undefined ? undefined : UUID.test(wanted) ? wanted : NO_REWARD,
        });
        setNextPage(reply, request.url, page.next && encodeCursor(tag, page.next));
        records = page.records;
      } else {
        records = wanted === undefined || wanted === access.reward.id ? [access.reward] : [];
      }
      const details = request.query.details !== undefined;
      const language = requestLanguage(request);
      return records.map((record) => toRewardResponse(record, mandant, language, details));
    },
  );

  app.put<{ Params: MandantParams; Body: PraemierungWahl }>(
    '/:mandant/praemierung',
    {
      schema: {
        tags: ['rewards'],
        summary: 'Choose a reward and give the receipt data (stores the chosen Praemie on the praemierung)',
        description:
          'Offen or Bereitgestellt: the choice is kept and can be changed until the reward is paid (cash: the next payout run, Ausgezahlt), delivered (voucher: by mail within 24 hours, Abgeholt) or, for a reward in kind, collected at once (Abgeholt). Collected: 409 PSOF0400; cancelled or lapsed: 409 PSOF0411; an entry not offered or worth more than earned: 422 PSOF0412; another person’s id: 404 PSOF0410.',
        security: bearer,
        params: mandantParamsSchema,
        body: rewardChoiceBodySchema,
        response: { 200: rewardSchema, ...errorResponses },
      },
    },
    async (request) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const access = await requireAccess(request, false);
      const after = await service.choose(mandant, access, request.body);
      request.log.info({ mandant: mandant.id, praemierung: after.id, status: after.status }, 'reward chosen');
      return toRewardResponse(after, mandant, requestLanguage(request), true);
    },
  );

  app.get<{ Params: MandantParams }>(
    '/:mandant/praemierung/showbanner/BannerTEZuTP',
    {
      schema: {
        tags: ['rewards'],
        summary:
          'Whether to show the “internet + TV” banner to the caller (rule: server/recommender/recommendations.ts)',
        security: bearer,
        params: mandantParamsSchema,
        response: { 200: bannerSchema, ...errorResponses },
      },
    },
    async (request) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const access = await requireAccess(request, true);
      // A reward link's holder is not logged in: no personal banner for them.
      if (access.kind !== 'user') return { Anzeigen: false };
      return { Anzeigen: await showsBannerTeZuTp(recommenderListDeps(app), mandant, access.owner) };
    },
  );

  app.get<{ Params: MandantParams & { id: string } }>(
    '/:mandant/empfehler/praemierungmail/:id',
    {
      schema: {
        tags: ['rewards'],
        summary: 'The reward link: use its token, or (logged in, a reward id) send a new one',
        description:
          '{id} is the token of a reward mail: answers that reward (with details); unknown 401 PSOF0401, expired 410 PSOF0402, collected 409 PSOF0400. {id} is the id of one of the logged-in recommender’s rewards: a new link is mailed to them (the old one stops working) and the reward is answered. Rate-limited.',
        security: bearer,
        params: {
          type: 'object',
          required: ['mandant', 'id'],
          properties: { mandant: { type: 'string' }, id: { type: 'string', minLength: 1, maxLength: 100 } },
        },
        response: { 200: rewardSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const { id } = request.params;
      const language = requestLanguage(request);
      if (new RegExp(UUID_PATTERN).test(id)) {
        await app.authenticate('user')(request);
        const account = await sessionAccount(app.accountRepository, principalOf(request));
        await limitPerAccount(rateLimitDeps(app), request, reply, mandant.id, account.id, 'mailPerAccount');
        const origin = app.mail.originFor(request, mandant);
        const record = await service.mailLink(mandant, account, id, origin);
        request.log.info({ mandant: mandant.id, praemierung: record.id }, 'reward link sent');
        return toRewardResponse(record, mandant, language, true);
      }
      await limitTokenUse(rateLimitDeps(app), request, reply, mandant.id);
      const record = await checkRewardToken(rewardAccessDeps(app), mandant, id, { allowCollected: false });
      return toRewardResponse(record, mandant, language, true);
    },
  );
};
