import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { LOCALE_PATTERN } from '../../schemas/constants.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import { ref } from '../http/apiSchemas.ts';
import {
  CONFIG_CACHE_CONTROL,
  errorResponses,
  type MandantParams,
  mandantParamsSchema,
  requireMandant,
} from '../http/mandantParam.ts';
import { contentLanguage } from './contentLanguage.ts';
import {
  assetIdSchema,
  contentEntrySchema,
  contentKeySchema,
  faqSchema,
  footnoteSchema,
  keyVisualSchema,
  variablesBodySchema,
  variablesSchema,
} from './contentSchemas.ts';

/** Content is the same for every visitor of a language; a short shared cache keeps CMS round trips low. */
const CONTENT_CACHE_CONTROL = 'public, max-age=60';

type Params<T> = { Params: MandantParams & T };
type VariablesBody = { names?: string[] };

/** The variable calls may come without a body (then: all variables); an empty body reads as `{}`. */
async function noBodyMeansAll(request: FastifyRequest): Promise<void> {
  if (request.body === undefined || request.body === null) request.body = {};
}

const params = (extra: Record<string, unknown>) => ({
  type: 'object',
  required: ['mandant', ...Object.keys(extra)],
  properties: { ...mandantParamsSchema.properties, ...extra },
});

/**
 * SPEC section 7, content: languages and UI texts, variables and agency variables, and the content the
 * pages show (entries, FAQ, key visuals, footnotes, assets) — all from the mandant's provider (embedded
 * files, Contentful or Squidex), through the server's cache (server/content/README.md). The language is
 * the request's X-Accept-Language when the mandant offers it, else its default.
 */
export const contentRoutes: FastifyPluginAsync = async (app) => {
  const contentOf = (request: FastifyRequest<{ Params: MandantParams }>) => {
    const mandant = requireMandant(app.mandants, request.params.mandant);
    return { mandant, content: app.content.of(mandant.id), language: contentLanguage(request, mandant) };
  };
  const shared = (reply: FastifyReply) =>
    reply.header('cache-control', CONTENT_CACHE_CONTROL).header('vary', 'X-Accept-Language');

  app.get<{ Params: MandantParams }>(
    '/:mandant/content/getlanguages',
    {
      schema: {
        tags: ['content'],
        summary: 'Offered languages: Key is the code, Value the name in that language',
        params: mandantParamsSchema,
        response: { 200: { type: 'array', items: ref('KeyValue') }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { content } = contentOf(request);
      reply.header('cache-control', CONFIG_CACHE_CONTROL);
      return content.languages();
    },
  );

  app.get<Params<{ lang: string }>>(
    '/:mandant/content/getlanguagecontent/:lang',
    {
      schema: {
        tags: ['content'],
        summary:
          'All texts of one language (i18n key → text): _base, the mandant, and its CMS texts over them',
        params: params({
          lang: { type: 'string', description: 'Two lower-case letters, one of the offered languages.' },
        }),
        response: { 200: ref('LanguageContentResponse'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { content } = contentOf(request);
      const { lang } = request.params;
      const texts = LOCALE_PATTERN.test(lang) ? await content.languageContent(lang) : undefined;
      if (!texts) throw new ApiProblem('PSOF0012');
      reply.header('cache-control', CONFIG_CACHE_CONTROL);
      return { Languages: texts };
    },
  );

  app.get<Params<{ id: string }>>(
    '/:mandant/content/entries/:id',
    {
      schema: {
        tags: ['content'],
        summary: 'A page of text (imprint, privacy, terms, …): title and rich-text body with its links',
        description:
          'Missing entry: 404 PSOF0120. CMS unreachable and no copy: 502 PSOF0102 (Inhalt nicht verfügbar).',
        params: params({ id: contentKeySchema }),
        response: { 200: contentEntrySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { content, language } = contentOf(request);
      const entry = await content.entry(language, request.params.id);
      shared(reply);
      return entry;
    },
  );

  app.get<{ Params: MandantParams }>(
    '/:mandant/content/faq',
    {
      schema: {
        tags: ['content'],
        summary: 'FAQ categories and questions with rich-text answers',
        params: mandantParamsSchema,
        response: { 200: faqSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { content, language } = contentOf(request);
      const faq = await content.faq(language);
      shared(reply);
      return faq;
    },
  );

  app.get<Params<{ id: string }>>(
    '/:mandant/content/keyvisuals/:id',
    {
      schema: {
        tags: ['content'],
        summary: 'A key visual: headline, text, image and call to action',
        params: params({ id: contentKeySchema }),
        response: { 200: keyVisualSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { content, language } = contentOf(request);
      const visual = await content.keyVisual(language, request.params.id);
      shared(reply);
      return visual;
    },
  );

  app.get<{ Params: MandantParams; Querystring: { gruppe?: string } }>(
    '/:mandant/content/footnotes',
    {
      schema: {
        tags: ['content'],
        summary: 'Footnotes (Id, Identifier, Gruppe, Titel, Inhalt), optionally of one Gruppe',
        params: mandantParamsSchema,
        querystring: {
          type: 'object',
          properties: { gruppe: { type: 'string', minLength: 1, maxLength: 64 } },
        },
        response: { 200: { type: 'array', items: footnoteSchema }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { content, language } = contentOf(request);
      const footnotes = await content.footnotes(language, request.query.gruppe);
      shared(reply);
      return footnotes;
    },
  );

  app.get<Params<{ identifier: string }>>(
    '/:mandant/content/footnotes/:identifier',
    {
      schema: {
        tags: ['content'],
        summary: 'One footnote, looked up by Identifier',
        params: params({ identifier: contentKeySchema }),
        response: { 200: footnoteSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { content, language } = contentOf(request);
      const footnote = await content.footnote(language, request.params.identifier);
      shared(reply);
      return footnote;
    },
  );

  app.get<Params<{ id: string }>>(
    '/:mandant/content/assets/:id',
    {
      schema: {
        tags: ['content'],
        summary: 'An image of the content, passed through from the provider',
        params: params({ id: assetIdSchema }),
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      const { content } = contentOf(request);
      const file = await content.asset(request.params.id);
      return reply.header('cache-control', 'public, max-age=300').type(file.contentType).send(file.body);
    },
  );

  app.get<{ Params: MandantParams }>(
    '/:mandant/content/variables',
    {
      schema: {
        tags: ['content'],
        summary: 'All content variables (name, value) of the request language',
        params: mandantParamsSchema,
        response: { 200: variablesSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { content, language } = contentOf(request);
      const variables = await content.variables(language);
      shared(reply);
      return variables;
    },
  );

  app.post<{ Params: MandantParams; Body: VariablesBody }>(
    '/:mandant/content/variables',
    {
      preValidation: noBodyMeansAll,
      schema: {
        tags: ['content'],
        summary: 'The content variables named in the body (all without a body); unknown names are left out',
        params: mandantParamsSchema,
        body: variablesBodySchema,
        response: { 200: variablesSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { content, language } = contentOf(request);
      return content.variables(language, request.body.names);
    },
  );

  app.post<{ Params: MandantParams & { id: string }; Body: VariablesBody }>(
    '/:mandant/content/agenturvariables/:id',
    {
      preValidation: noBodyMeansAll,
      schema: {
        tags: ['content'],
        summary: "An agency's content variables: the mandant's, with the agency's own values over them",
        params: params({ id: contentKeySchema }),
        body: variablesBodySchema,
        response: { 200: variablesSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { mandant, content, language } = contentOf(request);
      // The agency's own values (agency.variables) win over the content's; an unknown number has none.
      const agency = await app.database.kysely
        .selectFrom('agency')
        .select('variables')
        .where('mandant_id', '=', mandant.id)
        // Content ids are lower-case; agency numbers upper-case (A-1001).
        .where('agenturnummer', '=', request.params.id.toUpperCase())
        .executeTakeFirst();
      return content.variables(language, request.body.names, request.params.id, agency?.variables);
    },
  );
};
