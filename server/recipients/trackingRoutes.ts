import type { FastifyPluginAsync } from 'fastify';
import { wireDateTime } from '../../domain/format.ts';
import { isTermsAccepted } from '../../domain/termsAccepted.ts';
import { isEmailAddress } from '../../schemas/forms/fields.ts';
import {
  parseGermanDate,
  type TrackingCompletionRequest,
  type TrackingCompletionResponse,
} from '../../schemas/trackingCompletion.ts';
import { normalizeEmail } from '../auth/normalizeEmail.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import {
  errorResponses,
  type MandantParams,
  mandantParamsSchema,
  requireMandant,
} from '../http/mandantParam.ts';
import { trackingBodySchema, trackingQuerySchema, trackingResponseSchema } from './recipientSchemas.ts';

/** An optional text: trimmed, and null when empty. */
function optional(value: string | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/**
 * POST tracking/abschliessen/?channel=co&einsprungsquelle=Einsprungslink (SPEC sections 3 and 7): the
 * recipient completes the order data. Needs the recipient token of the recipient it names, so nobody can
 * write someone else's data by knowing two numbers. A repeated call replaces the earlier data.
 */
export const trackingRoutes: FastifyPluginAsync = async (app) => {
  app.post<{
    Params: MandantParams;
    Querystring: { channel?: string; einsprungsquelle?: string };
    Body: TrackingCompletionRequest;
  }>(
    '/:mandant/tracking/abschliessen',
    {
      onRequest: app.authenticateRecipient,
      schema: {
        tags: ['recipient'],
        summary: 'Tracking completion: the recipient’s data for the order',
        description:
          'The numbers must be the token’s recipient and recommendation (else 422 PSOF0337). geburtsdatum is day.month.year (else 422 PSOF0336); email must be plausible (422 PSOF0302). No or invalid recipient token: 403 PSOF0334.',
        security: [{ bearer: [] }],
        params: mandantParamsSchema,
        querystring: trackingQuerySchema,
        body: trackingBodySchema,
        response: { 200: trackingResponseSchema, ...errorResponses },
      },
    },
    async (request): Promise<TrackingCompletionResponse> => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const { claims, record: recipient } = request.recipient ?? {};
      if (!claims || !recipient) throw new ApiProblem('PSOF0334');
      const { empfehlungsnummer, empfaengernummer, empfaengerdaten: data } = request.body;
      if (empfehlungsnummer !== claims.enr || empfaengernummer !== recipient.empfaengernummer) {
        throw new ApiProblem('PSOF0337');
      }
      const vorname = optional(data.vorname);
      const name = optional(data.name);
      if (!vorname || !name) {
        throw new ApiProblem('PSOF0013', [
          { pointer: `/empfaengerdaten/${vorname ? 'name' : 'vorname'}`, reason: 'must not be empty' },
        ]);
      }
      let geburtsdatum: string | null = null;
      if (optional(data.geburtsdatum) !== null) {
        geburtsdatum = parseGermanDate(data.geburtsdatum ?? '', wireDateTime(new Date()).slice(0, 10));
        if (geburtsdatum === null) throw new ApiProblem('PSOF0336');
      }
      const emailInput = optional(data.email);
      if (emailInput !== null && !isEmailAddress(emailInput)) throw new ApiProblem('PSOF0302');
      const address = data.adresse ?? {};
      const completedAt = await app.recipientRepository.saveTrackingCompletion({
        mandantId: mandant.id,
        recipientId: recipient.id,
        recommendationId: recipient.recommendationId,
        channel: optional(request.query.channel),
        einsprungsquelle: optional(request.query.einsprungsquelle),
        anrede: optional(data.anrede),
        vorname,
        name,
        geburtsdatum,
        email: emailInput === null ? null : normalizeEmail(emailInput),
        telefon: optional(data.telefon),
        werbeeinwilligung: isTermsAccepted(data.werbeeinwilligung),
        ort: optional(address.ort),
        plz: optional(address.plz),
        strasse: optional(address.strasse),
        hausnummer: optional(address.hausnummer),
      });
      request.log.info({ mandant: mandant.id, recipient: recipient.id }, 'tracking completed');
      return {
        Empfehlungsnummer: empfehlungsnummer,
        Empfaengernummer: empfaengernummer,
        AbgeschlossenAm: wireDateTime(completedAt),
      };
    },
  );
};
