import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isEmailAllowed } from '../../../domain/emailRules.ts';
import type {
  AgenturBestaetigenRequest,
  AgenturBestaetigenResponse,
  AgenturRegistrierenDatenRequest,
  AgenturRegistrierenDatenResponse,
  AgenturRegistrierenRequest,
  AgenturRegistrierenResponse,
} from '../../../schemas/agencyRegistration.ts';
import {
  agencyRegistrationDataSchema,
  agencyRegistrationSchema,
} from '../../../schemas/forms/agencyRegistration.ts';
import { EMAIL_MAX_LENGTH, isEmailAddress } from '../../../schemas/forms/fields.ts';
import { ACCOUNT_LIMITS, enforceMailLimits } from '../../account/accountMailLimits.ts';
import { normalizeEmail } from '../../auth/normalizeEmail.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import { enforceRateLimits } from '../../http/enforceRateLimits.ts';
import { bodySchemaOf } from '../../http/formBodySchema.ts';
import {
  errorResponses,
  type MandantParams,
  mandantParamsSchema,
  requireMandant,
} from '../../http/mandantParam.ts';
import { requestLanguage } from '../../http/requestLanguage.ts';
import { createAgencyTokenRepository } from '../passwords/agencyTokenRepository.ts';
import { createRegistrationService, REGISTRATION_LINK_TTL_HOURS } from './registrationService.ts';

const token = { type: 'string', minLength: 1, maxLength: 512 } as const;

/**
 * The registration form's schema with the e-mail as typed (a bad address answers SPEC's 422 PSOF0302) and
 * the terms box as SPEC 5 takes it (true, "yes" or a positive number; else 422 PSOF0304).
 */
const registerBodySchema = {
  ...bodySchemaOf(agencyRegistrationSchema),
  properties: {
    ...agencyRegistrationSchema.properties,
    Email: { type: 'string', minLength: 1, maxLength: EMAIL_MAX_LENGTH },
    Agb: { anyOf: [{ type: 'boolean' }, { type: 'string', maxLength: 20 }, { type: 'number' }] },
  },
} as const;

/** The data form's schema and the data step's token; a form leaves out an empty optional field. */
const dataBodySchema = {
  ...bodySchemaOf(agencyRegistrationDataSchema),
  additionalProperties: false,
  required: [...agencyRegistrationDataSchema.required, 'Token'],
  properties: {
    ...agencyRegistrationDataSchema.properties,
    // As PUT agentur/stammdaten: an optional number sent empty counts as not given.
    UstId: {
      ...agencyRegistrationDataSchema.properties.UstId,
      pattern: '^\\s*([A-Za-z]{2}\\s*[0-9A-Za-z+*.\\s]{2,14})?\\s*$',
    },
    Steuernummer: { type: 'string', pattern: '^([0-9][0-9 /]{8,18}[0-9])?$' },
    Token: token,
  },
} as const;

const statusSchema = { type: 'string', enum: ['registered', 'pending', 'active', 'rejected'] } as const;

const ACCESS_LINK = `Access: public (no login); the link's token is the credential (256 random bits, only its SHA-256 stored, purpose confirm, valid ${REGISTRATION_LINK_TTL_HOURS} h, single use). Rate-limited per client address (429 PSOF0016).`;
const TOKEN_ERRORS =
  'Unknown, replaced or expired token 410 PSOF0663; used 409 PSOF0664; the agency’s data already given 409 PSOF0665.';

/**
 * SPEC 2 agency pages register, confirm, register additional data (issue 14): an agency applies for the
 * programme; the programme team decides later (back office, issue 15). See README.md.
 */
export const registrationRoutes: FastifyPluginAsync = async (app) => {
  const service = createRegistrationService({
    db: app.database.kysely,
    tokens: createAgencyTokenRepository(),
    mail: app.mail,
    passwordHasher: app.passwordHasher,
    cipher: app.fieldCipher,
  });

  function enforceLinkLimit(request: FastifyRequest, reply: FastifyReply, mandantId: string) {
    return enforceRateLimits(app.rateLimiter, request, reply, [
      {
        name: 'agencyRegistrationLinkPerIp',
        key: app.rateLimitKeys.forClient('agencyRegistrationLink', mandantId, request.ip),
        rule: ACCOUNT_LIMITS.linkPerIp,
      },
    ]);
  }

  app.post<{ Params: MandantParams; Body: AgenturRegistrierenRequest }>(
    '/:mandant/agentur/registrieren',
    {
      schema: {
        tags: ['agency'],
        summary: 'An agency registers itself; the owner gets a mail to confirm the address',
        description: `Access: public (no login). Body (schemas/forms/agencyRegistration.ts): Firma, Vorname, Nachname, Email, Password, PasswordConfirm, Agb. A new address: the agency (status registered, number A-<next>) and its owner with the password, and a mail with the confirmation link (valid ${REGISTRATION_LINK_TTL_HOURS} h). The address of the owner of an agency still registered: a new link (the body's other data is not taken). Any other agency staff address: a mail that says so. The answer is 202 with the address in every case (no enumeration, like POST account/createEmpfehler). Errors: 400 PSOF0013 (shape), 422 PSOF0302/PSOF0301 (e-mail), PSOF0304 (terms), PSOF0220/0221/0222 (password, SPEC 5). Rate-limited per address (429 PSOF0225) and per client (429 PSOF0016).`,
        params: mandantParamsSchema,
        body: registerBodySchema,
        response: {
          202: {
            type: 'object',
            required: ['Email'],
            properties: { Email: { type: 'string' } },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply): Promise<AgenturRegistrierenResponse> => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const email = normalizeEmail(request.body.Email);
      if (!isEmailAddress(email))
        throw new ApiProblem('PSOF0302', [{ pointer: '/Email', reason: 'invalid e-mail' }]);
      // The mandant's whitelist binds every address the platform mails. The programme's wildcards
      // (excludedEmailWildcards) bar recommenders, not agencies: they are not checked here.
      if (!isEmailAllowed(email, mandant.config.EmailWhitelist)) throw new ApiProblem('PSOF0301');
      await enforceMailLimits(app, request, reply, mandant.id, email);
      const { Firma, Vorname, Nachname, Password, PasswordConfirm, Agb } = request.body;
      const outcome = await service.register({
        mandantId: mandant.id,
        email,
        firma: Firma,
        vorname: Vorname,
        nachname: Nachname,
        password: Password,
        confirmation: PasswordConfirm,
        agb: Agb,
        language: requestLanguage(request),
        origin: app.mail.originFor(request, mandant),
      });
      request.log.info({ mandant: mandant.id, outcome }, 'agency registration mail queued');
      return reply.code(202).send({ Email: email });
    },
  );

  app.put<{ Params: MandantParams; Body: AgenturBestaetigenRequest }>(
    '/:mandant/agentur/bestaetigen',
    {
      schema: {
        tags: ['agency'],
        summary: 'Confirm a registered agency’s e-mail with the mailed link; answers the data step’s token',
        description: `${ACCESS_LINK} Uses the link up and answers the agency (Agenturnummer, Firma, Status) and a new token for PUT agentur/registrieren/daten (same lifetime, single use). ${TOKEN_ERRORS}`,
        params: mandantParamsSchema,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['Token'],
          properties: { Token: token },
        },
        response: {
          200: {
            type: 'object',
            required: ['Agenturnummer', 'Firma', 'Status', 'Token'],
            properties: {
              Agenturnummer: { type: 'string' },
              Firma: { type: 'string' },
              Status: statusSchema,
              Token: { type: 'string' },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply): Promise<AgenturBestaetigenResponse> => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      await enforceLinkLimit(request, reply, mandant.id);
      const confirmed = await service.confirm(mandant.id, request.body.Token);
      request.log.info({ mandant: mandant.id }, 'agency registration confirmed');
      return confirmed;
    },
  );

  app.put<{ Params: MandantParams; Body: AgenturRegistrierenDatenRequest }>(
    '/:mandant/agentur/registrieren/daten',
    {
      schema: {
        tags: ['agency'],
        summary: 'The registered agency’s additional data; hands the agency to the programme team (pending)',
        description: `${ACCESS_LINK} The token is the one PUT agentur/bestaetigen answered. Body (schemas/forms/agencyRegistration.ts agencyRegistrationData, the master data's field rules): Strasse, Plz, Ort, KontaktTelefon, and UstId or Steuernummer (neither: 422 PSOF0666). Malformed fields 400 PSOF0013. ${TOKEN_ERRORS} The agency's status becomes pending; only the back office makes it active.`,
        params: mandantParamsSchema,
        body: dataBodySchema,
        response: {
          200: {
            type: 'object',
            required: ['Agenturnummer', 'Status'],
            properties: { Agenturnummer: { type: 'string' }, Status: statusSchema },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply): Promise<AgenturRegistrierenDatenResponse> => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      await enforceLinkLimit(request, reply, mandant.id);
      const done = await service.completeData(mandant.id, request.body);
      request.log.info({ mandant: mandant.id }, 'agency registration data stored; agency pending');
      return done;
    },
  );
};
