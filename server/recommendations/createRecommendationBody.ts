import { Ajv } from 'ajv';
import { SHARE_CHANNELS } from '../../domain/recommendationLinks.ts';
import { RECOMMENDATION_KINDS } from '../../schemas/recommendFormApi.ts';
import type { ProblemDetail } from '../http/ApiProblem.ts';
import { escapePointer } from '../http/escapePointer.ts';

const personName = { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' } as const;
const email = { type: 'string', minLength: 1, maxLength: 254 } as const;

/**
 * The body of POST /Empfehlen/create with a body (schemas/recommendFormApi.ts). Checked in the handler, not
 * by Fastify, because the same call without a body asks whether a captcha is needed (SPEC 7). Bounds keep
 * absurd input out; the business rules (e-mail, whitelist, terms …) come after, with SPEC's messages.
 */
export const createRecommendationBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Empfehlung', 'Empfehler'],
  properties: {
    Empfehlung: {
      type: 'object',
      additionalProperties: false,
      required: ['Produkt'],
      properties: {
        Produkt: {
          anyOf: [
            { type: 'string', minLength: 1, maxLength: 64 },
            { type: 'integer', minimum: 1 },
          ],
        },
        AnteilEmpfehler: { anyOf: [{ type: 'string', maxLength: 3 }, { type: 'integer' }] },
        AgbAkzeptiert: { anyOf: [{ type: 'boolean' }, { type: 'string', maxLength: 8 }, { type: 'number' }] },
        Art: { type: 'string', enum: [...RECOMMENDATION_KINDS] },
        Agentennummer: { type: 'string', maxLength: 32, pattern: '^[A-Za-z0-9][A-Za-z0-9 ._/-]*$' },
        Channel: { type: 'string', enum: [...SHARE_CHANNELS] },
        Aktionen: {
          type: 'array',
          maxItems: 20,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['AktionsId', 'Zustimmung'],
            properties: {
              AktionsId: { type: 'string', minLength: 1, maxLength: 64 },
              Zustimmung: { type: 'boolean' },
            },
          },
        },
      },
    },
    Empfehler: {
      type: 'object',
      additionalProperties: false,
      required: ['Vorname', 'Nachname', 'Email'],
      properties: {
        Vorname: personName,
        Nachname: personName,
        Email: email,
        Firma: { type: 'string', maxLength: 200 },
        NewsletterPermission: { type: 'boolean' },
        // SPEC's payload carries the opt-in state too; the server has its own record of it and ignores these.
        NewsletterOptinGegeben: { type: ['boolean', 'null'] },
        NewsletterOptinVersendetAm: { type: ['string', 'null'], maxLength: 32 },
      },
    },
    Empfaenger: {
      type: 'object',
      additionalProperties: false,
      required: ['Email'],
      properties: {
        Vorname: { type: 'string', maxLength: 100 },
        Nachname: { type: 'string', maxLength: 100 },
        Email: email,
      },
    },
    Captcha: { type: 'string', maxLength: 4096 },
  },
} as const;

const validate = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true }).compile(
  createRecommendationBodySchema,
);

/** Where the body is wrong (JSON pointers, like Fastify's validation errors), or nothing when it fits. */
export function createBodyProblems(body: unknown): ProblemDetail[] {
  if (validate(body)) return [];
  return (validate.errors ?? []).map((error) => {
    const params = error.params as Record<string, unknown>;
    const name = params.missingProperty ?? params.additionalProperty;
    const leaf = typeof name === 'string' ? `/${escapePointer(name)}` : '';
    return { pointer: `${error.instancePath}${leaf}`, reason: error.message ?? 'is invalid' };
  });
}

/** SPEC 7 names the recommender `Empfehlender` in one place; both spellings are accepted. */
export function withRecommenderAlias(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const { Empfehlender, ...rest } = body as Record<string, unknown>;
  return Empfehlender !== undefined && rest.Empfehler === undefined
    ? { ...rest, Empfehler: Empfehlender }
    : body;
}
