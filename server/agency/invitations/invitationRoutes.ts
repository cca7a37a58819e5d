import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  type EinladungAnsicht,
  type EinladungCaptchaCheck,
  type EinladungDaten,
  type EinladungRegistrierenRequest,
  type EinladungRequest,
  INVITATION_ARTEN,
} from '../../../schemas/agency.ts';
import { invitationSchema } from '../../../schemas/forms/invitation.ts';
import { invitationRegistrationSchema } from '../../../schemas/forms/invitationRegistration.ts';
import { toLoginResponse } from '../../account/toLoginResponse.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import { ref } from '../../http/apiSchemas.ts';
import { enforceRateLimits } from '../../http/enforceRateLimits.ts';
import { bodySchemaOf } from '../../http/formBodySchema.ts';
import {
  errorResponses,
  type MandantParams,
  mandantParamsSchema,
  requireMandant,
} from '../../http/mandantParam.ts';
import { requestLanguage } from '../../http/requestLanguage.ts';
import { agencyOf } from '../agencyAuthPlugin.ts';
import { createInvitationService, INVITATION_LIMITS, INVITATION_TTL_DAYS } from './invitationService.ts';

/**
 * The invitation form's body: its schema (schemas/forms/invitation.ts) with the e-mail as typed (a bad address
 * answers SPEC's 422 PSOF0302, not a plain 400) and the captcha's ALTCHA payload when the pre-check asks for it.
 * Fastify does not check it: the same call without a body is the captcha pre-check (SPEC 7).
 */
const invitationBodySchema = {
  ...bodySchemaOf(invitationSchema),
  properties: {
    ...invitationSchema.properties,
    Email: { type: 'string', minLength: 1, maxLength: 254 },
    Mitarbeiternummer: { type: ['string', 'null'], maxLength: 40 },
    Captcha: { type: 'string', maxLength: 10_000 },
  },
} as const;

/** The registration form's body (schemas/forms/invitationRegistration.ts), the terms box as SPEC 5 takes it. */
const registrationBodySchema = {
  ...bodySchemaOf(invitationRegistrationSchema),
  properties: {
    ...invitationRegistrationSchema.properties,
    Agb: { anyOf: [{ type: 'boolean' }, { type: 'string', maxLength: 20 }, { type: 'number' }] },
  },
} as const;

const tokenParamsSchema = {
  type: 'object',
  required: ['mandant', 'token'],
  properties: {
    ...mandantParamsSchema.properties,
    token: { type: 'string', minLength: 1, maxLength: 100, description: 'The token of the invitation link.' },
  },
} as const;

interface TokenParams extends MandantParams {
  token: string;
}

const captchaCheckSchema = {
  type: 'object',
  description: 'Whether PUT Einladung must carry a solved captcha (Captcha).',
  required: ['CaptchaErforderlich'],
  properties: { CaptchaErforderlich: { type: 'boolean' } },
} as const;

const invitationRowSchema = {
  type: 'object',
  description: 'The invitation as the invitations report lists it (schemas/agency.ts AgenturEinladungZeile).',
  required: ['Id', 'Datum', 'Vorname', 'Nachname', 'Email', 'Art', 'Mitarbeiter', 'Status'],
  properties: {
    Id: { type: 'string' },
    Datum: { type: 'string' },
    Vorname: { type: 'string' },
    Nachname: { type: 'string' },
    Email: { type: 'string' },
    Art: { type: 'string', enum: INVITATION_ARTEN },
    Mitarbeiter: { type: ['string', 'null'] },
    Status: { type: 'string' },
  },
} as const;

const ACCESS_PUBLIC =
  'Access: public (no login); the link token is the credential (256 random bits, only its SHA-256 stored). Rate-limited per client address (429 PSOF0016).';

/**
 * SPEC 7 "PUT Einladung", "GET Einladung/daten" (issue 14) and the invited customer's two calls: read the
 * invitation of a link, and complete the registration with it (which logs in).
 */
export const invitationRoutes: FastifyPluginAsync = async (app) => {
  const service = createInvitationService({
    db: app.database.kysely,
    accounts: app.accountRepository,
    lifecycle: app.accountLifecycleRepository,
    mail: app.mail,
    passwordHasher: app.passwordHasher,
    sessionTokens: app.sessionTokens,
    clock: () => app.config.clock.now(),
    // The clock of the session tokens' iat (accountService.ts).
    now: () => new Date(),
  });

  function enforceLinkLimit(request: FastifyRequest, reply: FastifyReply, mandantId: string, call: string) {
    return enforceRateLimits(app.rateLimiter, request, reply, [
      {
        name: `${call}PerIp`,
        key: app.rateLimitKeys.forClient(call, mandantId, request.ip),
        rule: INVITATION_LIMITS.linkPerIp,
      },
    ]);
  }

  app.put<{ Params: MandantParams; Body: unknown }>(
    '/:mandant/Einladung',
    {
      onRequest: app.authenticateAgency('invitations'),
      schema: {
        tags: ['agency'],
        summary:
          'Without a body: is a captcha needed? With a body: invite a customer (mail with a registration link)',
        description: `Body (schemas/agency.ts EinladungRequest): Vorname, Nachname, Email, Art (VorOrt | Telefonisch), Mitarbeiternummer (an active employee of the caller's agency, else the caller; 422 PSOF0635), Captcha (ALTCHA payload) once the caller sent ${INVITATION_LIMITS.captchaAfterPerHour} invitations within the hour. The link is valid ${INVITATION_TTL_DAYS} days and single use. Errors: 400 PSOF0013 (shape), 422 PSOF0302/PSOF0301 (e-mail), PSOF0307/PSOF0308 (captcha), 409 PSOF0630 (the address has an account), PSOF0631 (an open invitation), 429 PSOF0016 (${INVITATION_LIMITS.perUserPerHour.limit} per agency user and hour).`,
        security: [{ bearer: [] }],
        params: mandantParamsSchema,
        response: { 200: captchaCheckSchema, 201: invitationRowSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const inviter = agencyOf(request);
      if (request.body === undefined || request.body === null) {
        const answer: EinladungCaptchaCheck = { CaptchaErforderlich: await service.captchaRequired(inviter) };
        return reply.code(200).send(answer);
      }
      const body = parseInvitation(request.body);
      await enforceRateLimits(app.rateLimiter, request, reply, [
        {
          name: 'invitationPerAgencyUser',
          key: app.rateLimitKeys.forEmail('invitation', mandant.id, inviter.userId),
          rule: INVITATION_LIMITS.perUserPerHour,
        },
      ]);
      const needsCaptcha = await service.captchaRequired(inviter);
      const row = await service.invite({
        mandant,
        inviter,
        body,
        language: requestLanguage(request),
        origin: app.mail.originFor(request, mandant),
        assertCaptcha: () =>
          needsCaptcha ? app.captcha.assertSolved(mandant.id, body.Captcha) : Promise.resolve(),
      });
      request.log.info(
        { mandant: mandant.id, agency: inviter.agencyId, invitation: row.Id },
        'agency invitation sent',
      );
      return reply.code(201).send(row);
    },
  );

  app.get<{ Params: MandantParams }>(
    '/:mandant/Einladung/daten',
    {
      onRequest: app.authenticateAgency('invitations'),
      schema: {
        tags: ['agency'],
        summary:
          'What the invitation form starts with: own employee number, the kinds, the agency, captcha need',
        description:
          "Own Mitarbeiternummer (the form's default), the kinds (Art), the agency and whether the next invitation needs a captcha.",
        security: [{ bearer: [] }],
        params: mandantParamsSchema,
        response: {
          200: {
            type: 'object',
            required: ['Mitarbeiternummer', 'Arten', 'Agentur', 'CaptchaErforderlich'],
            properties: {
              Mitarbeiternummer: { type: ['string', 'null'] },
              Arten: { type: 'array', items: { type: 'string', enum: INVITATION_ARTEN } },
              Agentur: {
                type: 'object',
                required: ['Agenturnummer', 'Firma'],
                properties: { Agenturnummer: { type: 'string' }, Firma: { type: 'string' } },
              },
              CaptchaErforderlich: { type: 'boolean' },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request): Promise<EinladungDaten> => {
      requireMandant(app.mandants, request.params.mandant);
      const inviter = agencyOf(request);
      const [agency, captcha] = await Promise.all([
        service.agencyOf(inviter),
        service.captchaRequired(inviter),
      ]);
      return {
        Mitarbeiternummer: inviter.mitarbeiternummer,
        Arten: [...INVITATION_ARTEN],
        Agentur: { Agenturnummer: agency.agenturnummer, Firma: agency.firma },
        CaptchaErforderlich: captcha,
      };
    },
  );

  app.get<{ Params: TokenParams }>(
    '/:mandant/Einladung/:token',
    {
      schema: {
        tags: ['agency'],
        summary: "The invited customer's page: whom the invitation is for",
        description: `${ACCESS_PUBLIC} Unknown token 404 PSOF0632, expired 410 PSOF0633, used 410 PSOF0634.`,
        params: tokenParamsSchema,
        response: {
          200: {
            type: 'object',
            required: ['Vorname', 'Nachname', 'Email', 'Agentur'],
            properties: {
              Vorname: { type: 'string' },
              Nachname: { type: 'string' },
              Email: { type: 'string' },
              Agentur: { type: 'string' },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply): Promise<EinladungAnsicht> => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      await enforceLinkLimit(request, reply, mandant.id, 'invitationView');
      return service.view(mandant.id, request.params.token);
    },
  );

  app.post<{ Params: TokenParams; Body: EinladungRegistrierenRequest }>(
    '/:mandant/Einladung/:token/registrieren',
    {
      schema: {
        tags: ['agency'],
        summary: 'Complete the invited customer’s registration as a recommender of the agency; logs in',
        description: `${ACCESS_PUBLIC} Body (schemas/forms/invitationRegistration.ts): Password, PasswordConfirm, Agb (true, "yes" or a positive number; else 422 PSOF0304). Weak password 422 PSOF0220, confirmation differs PSOF0221, common password PSOF0222 (the link stays usable). Unknown 404 PSOF0632, expired 410 PSOF0633, used 410 PSOF0634; the address registered meanwhile 409 PSOF0630, barred by the programme since (SPEC 6) 403 PSOF0206. The account is attributed to the invitation's agency and employee; answers the LoginResponse of a login.`,
        params: tokenParamsSchema,
        body: registrationBodySchema,
        response: { 200: ref('LoginResponse'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      await enforceLinkLimit(request, reply, mandant.id, 'invitationRegister');
      const { Password, PasswordConfirm, Agb } = request.body;
      const { account, session } = await service.register(mandant.id, request.params.token, {
        password: Password,
        confirmation: PasswordConfirm,
        agb: Agb,
        language: requestLanguage(request),
        excludedEmailWildcards: mandant.config.programme.excludedEmailWildcards,
      });
      request.log.info(
        { mandant: mandant.id, account: account.id },
        'invited customer registered; logged in',
      );
      return toLoginResponse(account, session);
    },
  );
};

/** The body of PUT Einladung, checked against the form's schema by hand (see invitationBodySchema). */
function parseInvitation(raw: unknown): EinladungRequest & { Captcha?: string } {
  const problems = invitationProblems(raw);
  if (problems.length > 0) throw new ApiProblem('PSOF0013', problems);
  return raw as EinladungRequest;
}

function invitationProblems(raw: unknown): { pointer: string; reason: string }[] {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return [{ pointer: '', reason: 'must be an object' }];
  }
  const body = raw as Record<string, unknown>;
  const problems: { pointer: string; reason: string }[] = [];
  const properties = invitationBodySchema.properties;
  for (const field of invitationBodySchema.required) {
    if (body[field] === undefined || body[field] === null)
      problems.push({ pointer: `/${field}`, reason: 'required' });
  }
  for (const field of ['Vorname', 'Nachname'] as const) {
    const value = body[field];
    const rule = properties[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' || value.length > rule.maxLength || !/\S/.test(value)) {
      problems.push({ pointer: `/${field}`, reason: 'required' });
    }
  }
  for (const field of ['Email', 'Captcha'] as const) {
    const value = body[field];
    if (value !== undefined && (typeof value !== 'string' || value.length > properties[field].maxLength)) {
      problems.push({ pointer: `/${field}`, reason: 'must be a string' });
    }
  }
  const number = body.Mitarbeiternummer;
  if (number !== undefined && number !== null && (typeof number !== 'string' || number.length > 40)) {
    problems.push({ pointer: '/Mitarbeiternummer', reason: 'must be a string of up to 40 characters' });
  }
  if (body.Art !== undefined && !(INVITATION_ARTEN as readonly unknown[]).includes(body.Art)) {
    problems.push({ pointer: '/Art', reason: `must be one of ${INVITATION_ARTEN.join(', ')}` });
  }
  return problems;
}
