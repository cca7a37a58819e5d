import type { FastifyPluginAsync } from 'fastify';
import type { ContactCaptchaResponse, ContactRequest } from '../../schemas/contentContact.ts';
import { contactSchema } from '../../schemas/forms/contact.ts';
import { normalizeEmail } from '../auth/normalizeEmail.ts';
import { contentLanguage } from '../content/contentLanguage.ts';
import { enforceRateLimits } from '../http/enforceRateLimits.ts';
import { bodySchemaOf } from '../http/formBodySchema.ts';
import {
  errorResponses,
  type MandantParams,
  mandantParamsSchema,
  requireMandant,
} from '../http/mandantParam.ts';
import { optionalUser } from '../recommendations/optionalUser.ts';
import { createContactService } from './contactService.ts';

const HOUR = 60 * 60;
/** A person writes to support a few times, not dozens: more is a script. */
export const CONTACT_RATE_LIMITS = {
  perIp: { limit: 10, windowSeconds: HOUR },
  perEmail: { limit: 5, windowSeconds: HOUR },
} as const;

/** The contact form's fields (schemas/forms/contact.ts, the same rules as the form) and the captcha's payload. */
const contactBodySchema = {
  ...bodySchemaOf(contactSchema),
  additionalProperties: false,
  properties: { ...contactSchema.properties, Captcha: { type: 'string', maxLength: 4096 } },
} as const;

/**
 * SPEC section 7: GET /kontakt?cmd=IsCaptchaRequired and the contact form's POST /kontakt. A message is
 * stored (contact_message, deleted after 12 weeks) and, in the same transaction, put into the mail outbox
 * for the mandant's support address (content variable `support.email`). Guests solve an ALTCHA captcha;
 * a logged-in recommender does not. Rate-limited per client address and per e-mail.
 */
export const contactRoutes: FastifyPluginAsync = async (app) => {
  const service = createContactService({
    db: app.database.kysely,
    mail: app.mail,
    content: app.content,
    now: () => new Date(),
  });

  app.get<{ Params: MandantParams; Querystring: { cmd: string } }>(
    '/:mandant/kontakt',
    {
      schema: {
        tags: ['contact'],
        summary:
          'cmd=IsCaptchaRequired: does the contact form need a captcha? (guests yes, logged-in users no)',
        params: mandantParamsSchema,
        querystring: {
          type: 'object',
          required: ['cmd'],
          properties: { cmd: { type: 'string', enum: ['IsCaptchaRequired'] } },
        },
        response: {
          200: {
            type: 'object',
            required: ['CaptchaErforderlich'],
            properties: { CaptchaErforderlich: { type: 'boolean' } },
          },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const account = await optionalUser(
        { sessionTokens: app.sessionTokens, accounts: app.accountRepository },
        request.headers,
        mandant.id,
      );
      const answer: ContactCaptchaResponse = { CaptchaErforderlich: account === undefined };
      return answer;
    },
  );

  app.post<{ Params: MandantParams; Body: ContactRequest }>(
    '/:mandant/kontakt',
    {
      schema: {
        tags: ['contact'],
        summary: "Send a message to the mandant's support",
        description:
          'Body: Name, Email, Betreff, Nachricht, Captcha (ALTCHA payload, required for guests). Errors: 400 PSOF0013 (fields), 422 PSOF0307/0308 (captcha), 429 PSOF0016.',
        params: mandantParamsSchema,
        body: contactBodySchema,
        response: { 204: { type: 'null', description: 'Received.' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const account = await optionalUser(
        { sessionTokens: app.sessionTokens, accounts: app.accountRepository },
        request.headers,
        mandant.id,
      );
      const message = request.body;
      await enforceRateLimits(app.rateLimiter, request, reply, [
        {
          name: 'contactPerIp',
          key: app.rateLimitKeys.forClient('contact', mandant.id, request.ip),
          rule: CONTACT_RATE_LIMITS.perIp,
        },
        {
          name: 'contactPerEmail',
          key: app.rateLimitKeys.forEmail('contact', mandant.id, normalizeEmail(message.Email)),
          rule: CONTACT_RATE_LIMITS.perEmail,
        },
      ]);
      if (!account) await app.captcha.assertSolved(mandant.id, message.Captcha);
      const { id, mailed } = await service.receive({
        mandantId: mandant.id,
        supportLanguage: mandant.config.SupportedLanguage.Standard,
        language: contentLanguage(request, mandant),
        message,
      });
      if (!mailed)
        request.log.warn(
          { mandant: mandant.id, message: id },
          'contact message stored, no support address to mail it to',
        );
      request.log.info({ mandant: mandant.id, message: id }, 'contact message received');
      await service
        .purgeOld(mandant.id)
        .catch((error: unknown) =>
          request.log.warn({ err: error }, 'old contact messages could not be purged'),
        );
      return reply.code(204).send();
    },
  );
};
