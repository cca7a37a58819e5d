import type { FastifyPluginAsync } from 'fastify';
import {
  errorResponses,
  type MandantParams,
  mandantParamsSchema,
  requireMandant,
} from '../http/mandantParam.ts';

/** The challenge as the ALTCHA widget expects it (altcha-lib v2 `Challenge`). */
const challengeSchema = {
  type: 'object',
  description:
    'An ALTCHA v2 proof-of-work challenge, signed and bound to the mandant; valid 10 minutes. The widget solves it and sends base64 JSON `{ challenge, solution }` as the captcha payload.',
  required: ['parameters', 'signature'],
  properties: {
    parameters: { type: 'object', additionalProperties: true },
    signature: { type: 'string' },
  },
} as const;

/** GET /api/v1/{mandant}/captcha/challenge: a fresh challenge for the captcha widget of any form. */
export const captchaRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: MandantParams }>(
    '/:mandant/captcha/challenge',
    {
      schema: {
        tags: ['captcha'],
        summary: 'A fresh ALTCHA challenge for the captcha widget',
        params: mandantParamsSchema,
        response: { 200: challengeSchema, ...errorResponses },
      },
    },
    async (request) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      return app.captcha.challenge(mandant.id);
    },
  );
};
