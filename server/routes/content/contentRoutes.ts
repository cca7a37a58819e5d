import type { FastifyPluginAsync } from 'fastify';
import { LOCALE_PATTERN } from '../../../schemas/constants.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import { ref } from '../../http/apiSchemas.ts';
import {
  CONFIG_CACHE_CONTROL,
  errorResponses,
  type MandantParams,
  mandantParamsSchema,
  requireMandant,
} from '../mandantParam.ts';

/** SPEC section 7, content: the language list and the texts of one language (_base merged with own). */
export const contentRoutes: FastifyPluginAsync = async (app) => {
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
      const mandant = requireMandant(app, request.params.mandant);
      reply.header('cache-control', CONFIG_CACHE_CONTROL);
      return mandant.languages;
    },
  );

  app.get<{ Params: MandantParams & { lang: string } }>(
    '/:mandant/content/getlanguagecontent/:lang',
    {
      schema: {
        tags: ['content'],
        summary: 'All texts of one language (i18n key → text), _base merged with the mandant',
        params: {
          type: 'object',
          required: ['mandant', 'lang'],
          properties: {
            ...mandantParamsSchema.properties,
            lang: { type: 'string', description: 'Two lower-case letters, one of the offered languages.' },
          },
        },
        response: { 200: ref('LanguageContentResponse'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const mandant = requireMandant(app, request.params.mandant);
      const { lang } = request.params;
      const content = LOCALE_PATTERN.test(lang) ? mandant.languageContent.get(lang) : undefined;
      if (!content) throw new ApiProblem('PSOF0012');
      reply.header('cache-control', CONFIG_CACHE_CONTROL);
      return { Languages: content };
    },
  );
};
