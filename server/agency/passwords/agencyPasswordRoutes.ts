import type { FastifyPluginAsync } from 'fastify';
import type { AgencyTokenResponse } from '../../../schemas/account.ts';
import {
  AGENCY_PASSWORD_PATHS,
  type AgencyChangePasswordRequest,
  type AgencyForgotPasswordRequest,
  type AgencyForgotPasswordResponse,
  type AgencySetPasswordRequest,
} from '../../../schemas/agencyPasswords.ts';
import { changePasswordSchema } from '../../../schemas/forms/changePassword.ts';
import { EMAIL_MAX_LENGTH, isEmailAddress } from '../../../schemas/forms/fields.ts';
import { setPasswordSchema } from '../../../schemas/forms/setPassword.ts';
import { ACCOUNT_LIMITS, enforceMailLimits } from '../../account/accountMailLimits.ts';
import { normalizeEmail } from '../../auth/normalizeEmail.ts';
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
import { agencyTokenResponse } from '../agencyTokenResponse.ts';
import {
  AGENCY_RESET_LINK_TTL_MINUTES,
  AGENCY_WELCOME_LINK_TTL_MINUTES,
  createAgencyPasswordService,
} from './agencyPasswordService.ts';
import { createAgencyTokenRepository } from './agencyTokenRepository.ts';

const token = { type: 'string', minLength: 1, maxLength: 512 } as const;

/**
 * Issue 14, SPEC 2 agency pages: forgotten password, setting a password with a welcome or reset link, and
 * changing it, for agency staff who sign in with e-mail and password (agencyLoginRoutes.ts). The rules,
 * codes and rate limits are the recommenders' (server/account/).
 */
export const agencyPasswordRoutes: FastifyPluginAsync = async (app) => {
  const service = createAgencyPasswordService({
    db: app.database.kysely,
    users: app.agencyUserRepository,
    tokens: createAgencyTokenRepository(),
    mail: app.mail,
    passwordHasher: app.passwordHasher,
    sessionTokens: app.sessionTokens,
    rateLimiter: app.rateLimiter,
    rateLimitKeys: app.rateLimitKeys,
    // The clock of the session tokens' iat: a password change ends the sessions issued up to its second.
    now: () => new Date(),
  });
  const limits = { rateLimiter: app.rateLimiter, rateLimitKeys: app.rateLimitKeys };

  app.put<{ Params: MandantParams; Body: AgencyForgotPasswordRequest }>(
    `/:mandant${AGENCY_PASSWORD_PATHS.forgot}`,
    {
      schema: {
        tags: ['agency'],
        summary: 'Forgot password: mail an agency user a link that sets a new password',
        description: `Public, no login. Answers 202 with the address whether or not it is an agency user's (no account enumeration); an active user of an active agency gets a reset mail (link valid ${AGENCY_RESET_LINK_TTL_MINUTES} min, single use, replaces earlier ones). Not an e-mail address: 422 PSOF0302. Rate-limited per address (429 PSOF0225) and per client (429 PSOF0016), the budget of the recommenders' mails.`,
        params: mandantParamsSchema,
        body: {
          type: 'object',
          required: ['Email'],
          properties: { Email: { type: 'string', minLength: 1, maxLength: EMAIL_MAX_LENGTH } },
        },
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
    async (request, reply): Promise<AgencyForgotPasswordResponse> => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const email = normalizeEmail(request.body.Email);
      if (!isEmailAddress(email)) {
        throw new ApiProblem('PSOF0302', [{ pointer: '/Email', reason: 'invalid e-mail' }]);
      }
      await enforceMailLimits(limits, request, reply, mandant.id, email);
      const sent = await service.requestReset({
        mandantId: mandant.id,
        email,
        origin: app.mail.originFor(request, mandant),
        language: requestLanguage(request),
      });
      request.log.info({ mandant: mandant.id, sent }, 'agency password reset asked');
      return reply.code(202).send({ Email: email });
    },
  );

  app.put<{ Params: MandantParams; Body: AgencySetPasswordRequest }>(
    `/:mandant${AGENCY_PASSWORD_PATHS.set}`,
    {
      schema: {
        tags: ['agency'],
        summary: 'Set an agency user’s password with a welcome or reset link; signs in',
        description: `Public, no login; the link is the proof. Weak password 422 PSOF0220, confirmation differs PSOF0221, common password PSOF0222 (the link stays usable). Unknown, replaced or expired link (welcome ${AGENCY_WELCOME_LINK_TTL_MINUTES / 60} h, reset ${AGENCY_RESET_LINK_TTL_MINUTES} min) 410 PSOF0201, used 409 PSOF0209; blocked 403 PSOF0203, deactivated 403 PSOF0613. Every other session of the user ends. Rate-limited per client (429 PSOF0016).`,
        params: mandantParamsSchema,
        body: {
          type: 'object',
          required: ['Token', ...setPasswordSchema.required],
          properties: { Token: token, ...setPasswordSchema.properties },
        },
        response: { 200: ref('AgencyTokenResponse'), ...errorResponses },
      },
    },
    async (request, reply): Promise<AgencyTokenResponse> => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      await enforceRateLimits(app.rateLimiter, request, reply, [
        {
          name: 'agencySetPasswordPerIp',
          key: app.rateLimitKeys.forClient('agencySetPassword', mandant.id, request.ip),
          rule: ACCOUNT_LIMITS.linkPerIp,
        },
      ]);
      const { Token, Password, PasswordConfirm } = request.body;
      const { user, session } = await service.setPasswordWithLink(
        mandant.id,
        Token,
        Password,
        PasswordConfirm,
      );
      request.log.info(
        { mandant: mandant.id, agencyUser: user.id },
        'agency password set with a link; signed in',
      );
      return agencyTokenResponse(app, session, user);
    },
  );

  app.put<{ Params: MandantParams; Body: AgencyChangePasswordRequest }>(
    `/:mandant${AGENCY_PASSWORD_PATHS.change}`,
    {
      onRequest: app.authenticateAgency('any'),
      schema: {
        tags: ['agency'],
        summary: 'Change the signed-in agency user’s password',
        description:
          'Needs the current password (422 PSOF0224 when wrong or when none is set yet) and a new one that meets the rules (PSOF0220/0221/0222) and differs (PSOF0226). Answers a new token: every other session of the user ends, and open password links die. Rate-limited per user (429 PSOF0016).',
        params: mandantParamsSchema,
        body: bodySchemaOf(changePasswordSchema),
        response: { 200: ref('AgencyTokenResponse'), ...errorResponses },
      },
    },
    async (request, reply): Promise<AgencyTokenResponse> => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const caller = agencyOf(request);
      await enforceRateLimits(app.rateLimiter, request, reply, [
        {
          name: 'agencyChangePasswordPerUser',
          key: app.rateLimitKeys.forEmail('agencyChangePassword', mandant.id, caller.userId),
          rule: ACCOUNT_LIMITS.changePerAccount,
        },
      ]);
      const user = await app.agencyUserRepository.findById(mandant.id, caller.userId);
      if (!user) throw new ApiProblem('PSOF0204');
      const { OldPassword, Password, PasswordConfirm } = request.body;
      const changed = await service.changePassword(user, OldPassword, Password, PasswordConfirm);
      request.log.info({ mandant: mandant.id, agencyUser: user.id }, 'agency password changed');
      return agencyTokenResponse(app, changed.session, changed.user);
    },
  );
};
