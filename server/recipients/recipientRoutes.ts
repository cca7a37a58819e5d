import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { wireDateTime } from '../../domain/format.ts';
import { checkIban, maskIban, normaliseIban } from '../../domain/iban.ts';
import { isShareChannel, NUMBER_PATTERN } from '../../domain/recommendationLinks.ts';
import { isTermsAccepted } from '../../domain/termsAccepted.ts';
import { isEmailAddress } from '../../schemas/forms/fields.ts';
import type {
  CreateRecipientRequest,
  CreateRecipientResponse,
  RecipientBankDataRequest,
  RecipientConsentRequest,
  RecipientConsentResponse,
  RecipientOrder,
} from '../../schemas/recipient.ts';
import { normalizeEmail } from '../auth/normalizeEmail.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import { enforceRateLimits } from '../http/enforceRateLimits.ts';
import {
  errorResponses,
  type MandantParams,
  mandantParamsSchema,
  requireMandant,
} from '../http/mandantParam.ts';
import { clientNetwork } from '../rateLimit/RateLimitKeys.ts';
import { RECIPIENT_RATE_LIMITS } from './recipientRateLimits.ts';
import type { RecipientRecord } from './recipientRepository.ts';
import {
  bankDataBodySchema,
  channelQuery,
  consentBodySchema,
  consentResponseSchema,
  createRecipientBodySchema,
  createRecipientResponseSchema,
  mandantNumberParams,
  recipientOrderSchema,
} from './recipientSchemas.ts';
import { RECIPIENT_DATA_TTL_MS } from './recipientsPlugin.ts';
import { isRecommendationExpired } from './recommendationState.ts';
import { recipientReward } from './toRecipientRecommendation.ts';

const recipientToken = [{ bearer: [] }];
/** Where a consent given through this API comes from (recipient_consent.source). */
const CONSENT_SOURCE = 'web';

/** The recipient of a request that passed `app.authenticateRecipient`. */
function recipientOf(request: FastifyRequest): RecipientRecord {
  if (!request.recipient) throw new ApiProblem('PSOF0334');
  return request.recipient.record;
}

/** A required text field: trimmed; one of only spaces is missing (PSOF0013 pointing at the field). */
function requiredText(value: string, pointer: string): string {
  const trimmed = value.trim();
  if (trimmed === '') throw new ApiProblem('PSOF0013', [{ pointer, reason: 'must not be empty' }]);
  return trimmed;
}

/**
 * The recipient calls of SPEC section 7: create (the recipient data form), consent, bank data and the
 * recipient's own state. Create answers a recipient token; the other calls need it (Authorization or
 * X-Authorization, Bearer). A login session is never a recipient token and the other way round.
 */
export const recipientRoutes: FastifyPluginAsync = async (app) => {
  app.post<{
    Params: MandantParams & { nr: string };
    Querystring: { channel?: string };
    Body: CreateRecipientRequest;
  }>(
    '/:mandant/empfaenger/create/:nr',
    {
      schema: {
        tags: ['recipient'],
        summary: 'The recipient gives first name, last name and e-mail and accepts the terms',
        description:
          'Answers the recipient number and a recipient token (201; 200 when the same e-mail was given for this recommendation before — no duplicate). Unknown number: 404 PSOF0330. Expired: 410 PSOF0309. Invalid e-mail: 422 PSOF0302. The recommender’s e-mail: 422 PSOF0303. Terms not accepted: 422 PSOF0304. Already confirmed: 409 PSOF0335. Rate-limited per client and per recommendation (429 PSOF0016).',
        params: mandantNumberParams,
        querystring: channelQuery,
        body: createRecipientBodySchema,
        response: {
          200: createRecipientResponseSchema,
          201: createRecipientResponseSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply): Promise<CreateRecipientResponse> => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const { nr } = request.params;
      await enforceRateLimits(app.rateLimiter, request, reply, [
        {
          name: 'recipientCreatePerIp',
          key: app.rateLimitKeys.forClient('recipientCreate', mandant.id, request.ip),
          rule: RECIPIENT_RATE_LIMITS.createPerIp,
        },
        {
          name: 'recipientCreatePerRecommendation',
          // The number is public (it is in every link): no need to hash it.
          key: `recipientCreate:recommendation:${mandant.id}:${nr.slice(0, 32)}`,
          rule: RECIPIENT_RATE_LIMITS.createPerRecommendation,
        },
      ]);
      const recommendation = NUMBER_PATTERN.test(nr)
        ? await app.recipientRepository.findRecommendation(mandant.id, { empfehlungsnummer: nr })
        : undefined;
      if (!recommendation) throw new ApiProblem('PSOF0330');
      const now = new Date();
      if (isRecommendationExpired(recommendation, now)) throw new ApiProblem('PSOF0309');

      const body = request.body;
      const vorname = requiredText(body.Vorname, '/Vorname');
      const nachname = requiredText(body.Nachname, '/Nachname');
      if (!isEmailAddress(body.Email)) throw new ApiProblem('PSOF0302');
      const email = normalizeEmail(body.Email);
      if (recommendation.empfehlerEmail !== null && email === recommendation.empfehlerEmail) {
        throw new ApiProblem('PSOF0303');
      }
      if (!isTermsAccepted(body.AgbAkzeptiert)) throw new ApiProblem('PSOF0304');

      const channel = isShareChannel(request.query.channel) ? request.query.channel : null;
      const { recipient, created } = await app.recipientRepository.createOrFind({
        mandantId: mandant.id,
        recommendationId: recommendation.id,
        vorname,
        nachname,
        email,
        channel,
        deleteAfter: new Date(now.getTime() + RECIPIENT_DATA_TTL_MS),
        clientFingerprint: app.fingerprints.of(
          'client',
          mandant.id,
          `${clientNetwork(request.ip)}\0${request.headers['user-agent'] ?? ''}`,
        ),
      });
      // A replay may continue an unfinished journey; once confirmed, the data is not handed out again.
      if (!created && recipient.confirmedAt !== null) throw new ApiProblem('PSOF0335');
      const token = await app.recipientTokens.issue(
        mandant.id,
        recipient.id,
        recommendation.empfehlungsnummer,
      );
      request.log.info(
        { mandant: mandant.id, recipient: recipient.id, replay: !created },
        created ? 'recipient created' : 'recipient create replayed',
      );
      reply.code(created ? 201 : 200);
      return { Empfaengernummer: recipient.empfaengernummer, Token: token };
    },
  );

  app.put<{ Params: MandantParams; Body: RecipientConsentRequest }>(
    '/:mandant/empfaenger/zustimmung',
    {
      onRequest: app.authenticateRecipient,
      schema: {
        tags: ['recipient'],
        summary:
          'The recipient agrees to terms and privacy; the exact text is kept with its SHA-256 and the time',
        description:
          'Confirms the recipient’s data (no erasure after 12 weeks). No or invalid recipient token: 403 PSOF0334.',
        security: recipientToken,
        params: mandantParamsSchema,
        body: consentBodySchema,
        response: { 200: consentResponseSchema, ...errorResponses },
      },
    },
    async (request): Promise<RecipientConsentResponse> => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const recipient = recipientOf(request);
      const agbText = requiredText(request.body.AgbText, '/AgbText');
      const textVersion = createHash('sha256').update(agbText, 'utf8').digest('hex');
      const givenAt = await app.recipientRepository.saveConsent(
        mandant.id,
        recipient.id,
        { agbText, textVersion, source: CONSENT_SOURCE },
        async (trx) => {
          // Offen → Ok; a second consent or a later status is not a transition (the machine refuses it).
          await app.lifecycle.recommendation(trx, {
            mandantId: mandant.id,
            recommendationId: recipient.recommendationId,
            reason: 'recipient.confirmed',
            actor: 'recipient',
          });
        },
      );
      app.webhooks.kick();
      request.log.info({ mandant: mandant.id, recipient: recipient.id }, 'recipient consent recorded');
      return { ZugestimmtAm: wireDateTime(givenAt), TextVersion: textVersion };
    },
  );

  app.post<{ Params: MandantParams; Body: RecipientBankDataRequest }>(
    '/:mandant/empfaenger/bankdaten',
    {
      onRequest: app.authenticateRecipient,
      schema: {
        tags: ['recipient'],
        summary: 'The recipient’s bank data (IBAN and account holder), stored encrypted',
        description:
          'Only with ModuleStoringBankdata (else 404 PSOF0338) and after the consent (else 409 PSOF0339). Invalid IBAN: 422 PSOF0332; not German under ModuleIBANNurDE: 422 PSOF0333. No or invalid recipient token: 403 PSOF0334.',
        security: recipientToken,
        params: mandantParamsSchema,
        body: bankDataBodySchema,
        response: { 204: { type: 'null', description: 'Stored.' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const recipient = recipientOf(request);
      if (!mandant.config.ModuleStoringBankdata) throw new ApiProblem('PSOF0338');
      if (recipient.confirmedAt === null) throw new ApiProblem('PSOF0339');
      const kontoinhaber = requiredText(request.body.Kontoinhaber, '/Kontoinhaber');
      const problem = checkIban(request.body.IBAN, { germanOnly: mandant.config.ModuleIBANNurDE });
      if (problem === 'invalid') throw new ApiProblem('PSOF0332', [{ pointer: '/IBAN', reason: 'invalid' }]);
      if (problem === 'notGerman')
        throw new ApiProblem('PSOF0333', [{ pointer: '/IBAN', reason: 'not German' }]);
      const iban = normaliseIban(request.body.IBAN);
      await app.recipientRepository.saveBankData(
        mandant.id,
        recipient.id,
        {
          encrypted: app.fieldCipher.encrypt(iban, `${mandant.id}:recipient`),
          fingerprint: app.fingerprints.of('iban', mandant.id, iban),
        },
        kontoinhaber,
      );
      request.log.info({ mandant: mandant.id, recipient: recipient.id }, 'recipient bank data stored');
      return reply.code(204).send();
    },
  );

  app.get<{ Params: MandantParams }>(
    '/:mandant/empfaenger/auftrag',
    {
      onRequest: app.authenticateRecipient,
      schema: {
        tags: ['recipient'],
        summary: 'The recipient’s own state: data, consent, bank data (IBAN masked) and reward part',
        description: 'No or invalid recipient token: 403 PSOF0334.',
        security: recipientToken,
        params: mandantParamsSchema,
        response: { 200: recipientOrderSchema, ...errorResponses },
      },
    },
    async (request): Promise<RecipientOrder> => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const recipient = recipientOf(request);
      const recommendation = await app.recipientRepository.findRecommendation(mandant.id, {
        empfehlungsnummer: request.recipient?.claims.enr ?? '',
      });
      if (!recommendation || recommendation.id !== recipient.recommendationId)
        throw new ApiProblem('PSOF0334');
      const iban = recipient.ibanEncrypted
        ? app.fieldCipher.decrypt(recipient.ibanEncrypted, `${mandant.id}:recipient`)
        : null;
      const reward = recipientReward(recommendation, mandant.config);
      return {
        Empfaengernummer: recipient.empfaengernummer,
        Empfehlungsnummer: recommendation.empfehlungsnummer,
        Vorname: recipient.vorname,
        Nachname: recipient.nachname,
        Email: recipient.email,
        Zustimmung: recipient.confirmedAt !== null,
        Bankdaten: iban ? { IBAN: maskIban(iban), Kontoinhaber: recipient.kontoinhaber ?? '' } : null,
        BankdatenErforderlich: mandant.config.ModuleStoringBankdata,
        Praemie: reward.WertCent > 0 ? reward : null,
      };
    },
  );
};
