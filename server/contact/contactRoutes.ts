import type { FastifyPluginAsync } from 'fastify';
import type { ContactCaptchaResponse, ContactRequest } from '../../schemas/contentContact.ts';
import { contactSchema } from '../../schemas/forms/contact.ts';
import { normalizeEmail } from '../auth/normalizeEmail.ts';
import { contentLanguage } from '../content/contentLanguage.ts';
import { PURGE_INTERVAL_MS, throttled } from '../db/throttled.ts';
import { enforceRateLimits } from '../http/enforceRateLimits.ts';
import { bodySchemaOf } from '../http/formBodySchema.ts';
import {
  errorResponses,
  type MandantParams,
  mandantParamsSchema,
  requireMandant,
} from '../http/mandantParam.ts';
import { optionalUser } from '../recommendations/optionalUser.ts';
import { insertContactMessage, markContactMessageMailed, purgeContactMessages } from './contactMessages.ts';

const HOUR = 60 * 60;
/** A person writes to support a few times, not dozens: more is a script. */
export const CONTACT_RATE_LIMITS = {
  perIp: { limit: 10, windowSeconds: HOUR },
  perEmail: { limit: 5, windowSeconds: HOUR },
} as const;

/** The content variable that holds the mandant's support address (mandants/NAME/content/LANG/variables.json). */
export const SUPPORT_EMAIL_VARIABLE = 'support.email';

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
  const purges = new Map<string, () => Promise<void>>();
  const purge = (mandantId: string) => {
    let run = purges.get(mandantId);
    if (!run) {
      run = throttled(PURGE_INTERVAL_MS, () =>
        purgeContactMessages(app.database.kysely, mandantId, new Date()),
      );
      purges.set(mandantId, run);
    }
    return run();
  };

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
      const account = await optionalUser(app, request, mandant.id);
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
      const account = await optionalUser(app, request, mandant.id);
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
      const supportEmail = await supportAddress(mandant.id, mandant.config.SupportedLanguage.Standard);
      const now = new Date();
      const language = contentLanguage(request, mandant);
      const id = await app.database.kysely.transaction().execute(async (tx) => {
        const stored = await insertContactMessage(tx, mandant.id, message, language, now);
        if (supportEmail) {
          // The support team's language: the mandant's default.
          await app.mail.enqueue(tx, {
            mandantId: mandant.id,
            to: supportEmail,
            language: mandant.config.SupportedLanguage.Standard,
            template: 'contactMessage',
            data: message,
          });
          await markContactMessageMailed(tx, mandant.id, stored, now);
        }
        return stored;
      });
      if (supportEmail) app.mail.kick();
      else
        request.log.warn(
          { mandant: mandant.id, message: id },
          'contact message stored, no support address to mail it to',
        );
      request.log.info({ mandant: mandant.id, message: id }, 'contact message received');
      await purge(mandant.id).catch((error: unknown) =>
        request.log.warn({ err: error }, 'old contact messages could not be purged'),
      );
      return reply.code(204).send();
    },
  );

  /** The support address from the content variables; none (or the CMS down) means: store only. */
  async function supportAddress(mandantId: string, language: string): Promise<string | undefined> {
    try {
      const [found] = await app.content.of(mandantId).variables(language, [SUPPORT_EMAIL_VARIABLE]);
      return found?.value.trim() || undefined;
    } catch {
      return undefined;
    }
  }
};
