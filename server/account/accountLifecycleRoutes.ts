import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isEmailAllowed, isExcludedByWildcard } from '../../domain/emailRules.ts';
import { PASSWORD_RULES, type PasswordRules } from '../../domain/password.ts';
import type {
  AccountMailResponse,
  CreateEmpfehlerRequest,
  ResetPasswordRequest,
  ResetPasswordWithoutTokenRequest,
  ValidateResetPasswordRequest,
  ValidateResetPasswordResponse,
} from '../../schemas/account.ts';
import { changePasswordSchema } from '../../schemas/forms/changePassword.ts';
import { isEmailAddress } from '../../schemas/forms/fields.ts';
import { registrationSchema } from '../../schemas/forms/registration.ts';
import { setPasswordSchema } from '../../schemas/forms/setPassword.ts';
import { normalizeEmail } from '../auth/normalizeEmail.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import { ref } from '../http/apiSchemas.ts';
import { enforceRateLimits } from '../http/enforceRateLimits.ts';
import { bodySchemaOf } from '../http/formBodySchema.ts';
import {
  CONFIG_CACHE_CONTROL,
  errorResponses,
  type MandantParams,
  mandantParamsSchema,
  requireMandant,
} from '../http/mandantParam.ts';
import { requestLanguage } from '../http/requestLanguage.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import { ACCOUNT_LIMITS, enforceMailLimits } from './accountMailLimits.ts';
import { type AccountMailAddress, RESET_LINK_TTL_MINUTES, WELCOME_LINK_TTL_MINUTES } from './accountMails.ts';
import { createAccountService } from './accountService.ts';
import { principalOf, sessionAccount } from './sessionAccount.ts';
import { toLoginResponse } from './toLoginResponse.ts';

const email = { type: 'string', minLength: 1, maxLength: 254 } as const;
const token = { type: 'string', minLength: 1, maxLength: 512 } as const;

/**
 * The registration form's schema (schemas/forms/registration.ts); the address as typed, which
 * acceptedEmail normalises and checks (422 PSOF0302, PSOF0301).
 */
const registrationBodySchema = {
  ...bodySchemaOf(registrationSchema),
  properties: { ...registrationSchema.properties, Email: email },
} as const;

const accountMailResponse = {
  type: 'object',
  description: 'The address the mail goes to; the same answer whether or not it has an account.',
  required: ['Email'],
  properties: { Email: { type: 'string' } },
} as const;

const emailParamsSchema = {
  type: 'object',
  required: ['mandant', 'id'],
  properties: { ...mandantParamsSchema.properties, id: { ...email, description: 'The e-mail address.' } },
} as const;

interface EmailParams extends MandantParams {
  id: string;
}

const mailAnswerDescription =
  'Answers 202 with the address whether or not it has an account: the mail says which (docs/adr/0009-mail-outbox.md). Rate-limited per address (429 PSOF0225) and per client (429 PSOF0016).';

/**
 * SPEC section 7, Account — the lifecycle: registration with a welcome mail, resending it, forgotten
 * password, checking and using a set-password link (which logs in), changing the password, and the
 * password rules. Every mail is written to the outbox in the transaction of the change it belongs to.
 */
export const accountLifecycleRoutes: FastifyPluginAsync = async (app) => {
  const service = createAccountService({
    db: app.database.kysely,
    accounts: app.accountRepository,
    lifecycle: app.accountLifecycleRepository,
    tokens: app.accountTokenRepository,
    mail: app.mail,
    passwordHasher: app.passwordHasher,
    sessionTokens: app.sessionTokens,
    rateLimiter: app.rateLimiter,
    rateLimitKeys: app.rateLimitKeys,
    // The clock of the session tokens' iat: a password change ends the sessions issued up to its second.
    now: () => new Date(),
  });

  const limits = { rateLimiter: app.rateLimiter, rateLimitKeys: app.rateLimitKeys };

  /** Where an account mail for this request goes, and the language for an address without an account. */
  function mailAddress(request: FastifyRequest, mandant: LoadedMandant, to: string): AccountMailAddress {
    const origin = app.mail.originFor(request, mandant);
    return { mandantId: mandant.id, to, origin, requestLanguage: requestLanguage(request) };
  }

  /** The e-mail of a form or path: normalised, plausible (PSOF0302) and allowed by the whitelist (PSOF0301). */
  function acceptedEmail(mandant: LoadedMandant, raw: string, pointer: string): string {
    const address = normalizeEmail(raw);
    if (!isEmailAddress(address)) throw new ApiProblem('PSOF0302', [{ pointer, reason: 'invalid e-mail' }]);
    if (!isEmailAllowed(address, mandant.config.EmailWhitelist)) throw new ApiProblem('PSOF0301');
    return address;
  }

  app.post<{ Params: MandantParams; Body: CreateEmpfehlerRequest }>(
    '/:mandant/account/createEmpfehler',
    {
      schema: {
        tags: ['account'],
        summary: 'Register as a recommender; the welcome mail carries a set-password link',
        description: `New address: an account without password and a welcome mail (link valid ${WELCOME_LINK_TTL_MINUTES / 60} h). Registered but no password yet: a new welcome mail. Registered with password: a mail that says so. ${mailAnswerDescription}`,
        params: mandantParamsSchema,
        body: registrationBodySchema,
        response: { 202: accountMailResponse, ...errorResponses },
      },
    },
    async (request, reply): Promise<AccountMailResponse> => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const address = acceptedEmail(mandant, request.body.Email, '/Email');
      // SPEC 6: staff and agents barred by wildcard cannot become recommenders.
      if (isExcludedByWildcard(address, mandant.config.programme.excludedEmailWildcards)) {
        throw new ApiProblem('PSOF0206');
      }
      await enforceMailLimits(limits, request, reply, mandant.id, address);
      await service.register({
        ...mailAddress(request, mandant, address),
        vorname: request.body.Vorname.trim(),
        nachname: request.body.Nachname.trim(),
      });
      request.log.info({ mandant: mandant.id }, 'registration mail queued');
      return reply.code(202).send({ Email: address });
    },
  );

  app.get<{ Params: EmailParams }>(
    '/:mandant/account/resendWelcomeMail/:id',
    {
      schema: {
        tags: ['account'],
        summary: 'Send the welcome mail again (a new link; the previous one stops working)',
        description: `{id} is the e-mail address. Without an account: a mail that the address is not registered; with a password already set: a mail that says so. ${mailAnswerDescription}`,
        params: emailParamsSchema,
        response: { 202: accountMailResponse, ...errorResponses },
      },
    },
    async (request, reply): Promise<AccountMailResponse> => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const address = acceptedEmail(mandant, request.params.id, '/params/id');
      await enforceMailLimits(limits, request, reply, mandant.id, address);
      await service.requestMail(mailAddress(request, mandant, address), 'welcome');
      return reply.code(202).send({ Email: address });
    },
  );

  app.get<{ Params: EmailParams }>(
    '/:mandant/account/resetPassword/:id',
    {
      schema: {
        tags: ['account'],
        summary: 'Forgot password: mail a link that sets a new password',
        description: `{id} is the e-mail address. With an active account: a reset mail (link valid ${RESET_LINK_TTL_MINUTES} min, single use, replaces earlier ones). Without an account: a mail that the address is not registered (SPEC 8, PSOF0207's text). Blocked accounts get nothing. ${mailAnswerDescription}`,
        params: emailParamsSchema,
        response: { 202: accountMailResponse, ...errorResponses },
      },
    },
    async (request, reply): Promise<AccountMailResponse> => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const address = acceptedEmail(mandant, request.params.id, '/params/id');
      await enforceMailLimits(limits, request, reply, mandant.id, address);
      const sent = await service.requestMail(mailAddress(request, mandant, address), 'reset');
      if (sent.mail === 'none') {
        request.log.info(
          { mandant: mandant.id, account: sent.accountId },
          'no reset mail: account not active',
        );
      }
      return reply.code(202).send({ Email: address });
    },
  );

  app.put<{ Params: MandantParams; Body: ValidateResetPasswordRequest }>(
    '/:mandant/account/validateResetPassword',
    {
      schema: {
        tags: ['account'],
        summary: 'Check a set-password link before showing its form (does not use it up)',
        description:
          'Unknown, replaced or expired: 410 PSOF0201 (offer "forgot password"). Used: 409 PSOF0209. Blocked account: 403 PSOF0203/0205/0206. Rate-limited per client.',
        params: mandantParamsSchema,
        body: { type: 'object', required: ['Token'], properties: { Token: token } },
        response: {
          200: {
            type: 'object',
            required: ['Purpose', 'Email', 'Vorname'],
            properties: {
              Purpose: { type: 'string', enum: ['welcome', 'reset'] },
              Email: { type: 'string' },
              Vorname: { type: 'string' },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply): Promise<ValidateResetPasswordResponse> => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      await enforceLinkLimit(request, reply, mandant.id, 'validateResetPassword');
      return service.checkLink(mandant.id, request.body.Token);
    },
  );

  app.put<{ Params: MandantParams; Body: ResetPasswordRequest }>(
    '/:mandant/account/resetPassword',
    {
      schema: {
        tags: ['account'],
        summary: 'Set the password with a welcome or reset link; logs in',
        description:
          'Weak password 422 PSOF0220, confirmation differs PSOF0221, common password PSOF0222 (the link stays usable). Unknown or expired link 410 PSOF0201, used 409 PSOF0209. Every other session of the account ends. Rate-limited per client.',
        params: mandantParamsSchema,
        // The set-password form's schema (schemas/forms/setPassword.ts) and the link's Token.
        body: {
          type: 'object',
          required: ['Token', ...setPasswordSchema.required],
          properties: { Token: token, ...setPasswordSchema.properties },
        },
        response: { 200: ref('LoginResponse'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      await enforceLinkLimit(request, reply, mandant.id, 'resetPassword');
      const { Token, Password, PasswordConfirm } = request.body;
      const { account, session } = await service.setPasswordWithLink(
        mandant.id,
        Token,
        Password,
        PasswordConfirm,
      );
      request.log.info({ mandant: mandant.id, account: account.id }, 'password set with a link; logged in');
      return toLoginResponse(account, session);
    },
  );

  app.put<{ Params: MandantParams; Body: ResetPasswordWithoutTokenRequest }>(
    '/:mandant/account/resetPasswordWithoutToken',
    {
      onRequest: app.authenticate('user'),
      schema: {
        tags: ['account'],
        summary: 'Change the password of the logged-in recommender',
        description:
          'Needs the current password (422 PSOF0224 when wrong) and a new one that meets the rules (PSOF0220/0221/0222) and differs (PSOF0226). Answers the user with a new token: every other session ends, and a mail tells the owner. Failure for any other reason: 500 PSOF0223 (SPEC 8 wording). Rate-limited per account.',
        security: [{ bearer: [] }],
        params: mandantParamsSchema,
        // The change-password form's data is this body (schemas/forms/changePassword.ts).
        body: bodySchemaOf(changePasswordSchema),
        response: { 200: ref('LoginResponse'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const account = await sessionAccount(app.accountRepository, principal);
      await enforceRateLimits(app.rateLimiter, request, reply, [
        {
          name: 'changePasswordPerAccount',
          key: app.rateLimitKeys.forEmail('changePassword', mandant.id, account.id),
          rule: ACCOUNT_LIMITS.changePerAccount,
        },
      ]);
      const { OldPassword, Password, PasswordConfirm } = request.body;
      await service.checkCurrentPassword(account, OldPassword, Password, PasswordConfirm);
      try {
        const origin = app.mail.originFor(request, mandant);
        const { account: updated, session } = await service.changePassword(account, Password, origin);
        request.log.info({ mandant: mandant.id, account: account.id }, 'password changed');
        return toLoginResponse(updated, session);
      } catch (error) {
        request.log.error({ err: error, mandant: mandant.id }, 'password change failed');
        throw new ApiProblem('PSOF0223');
      }
    },
  );

  app.get<{ Params: MandantParams }>(
    '/:mandant/account/passwortvalidator',
    {
      schema: {
        tags: ['account'],
        summary: 'The password rules, so that the runtime checks what the server checks (SPEC 5)',
        params: mandantParamsSchema,
        response: {
          200: {
            type: 'object',
            required: ['MinLength', 'Lowercase', 'Uppercase', 'Digit', 'RefuseCommon'],
            properties: {
              MinLength: { type: 'integer' },
              Lowercase: { type: 'boolean' },
              Uppercase: { type: 'boolean' },
              Digit: { type: 'boolean' },
              RefuseCommon: { type: 'boolean', description: 'Common passwords of breach lists are refused.' },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply): Promise<PasswordRules> => {
      requireMandant(app.mandants, request.params.mandant);
      reply.header('cache-control', CONFIG_CACHE_CONTROL);
      return PASSWORD_RULES;
    },
  );

  function enforceLinkLimit(
    request: FastifyRequest,
    reply: FastifyReply,
    mandantId: string,
    call: string,
  ): Promise<void> {
    return enforceRateLimits(app.rateLimiter, request, reply, [
      {
        name: `${call}PerIp`,
        key: app.rateLimitKeys.forClient(call, mandantId, request.ip),
        rule: ACCOUNT_LIMITS.linkPerIp,
      },
    ]);
  }
};
