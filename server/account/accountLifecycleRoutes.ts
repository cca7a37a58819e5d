import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { PASSWORD_RULES, type PasswordRules } from '../../../domain/password.ts';
import {
  type AccountMailResponse,
  type CreateEmpfehlerRequest,
  isEmailAllowed,
  type ResetPasswordRequest,
  type ResetPasswordWithoutTokenRequest,
  type ValidateResetPasswordRequest,
  type ValidateResetPasswordResponse,
} from '../../../schemas/account.ts';
import { changePasswordSchema } from '../../../schemas/forms/changePassword.ts';
import { isEmailAddress } from '../../../schemas/forms/fields.ts';
import { registrationSchema } from '../../../schemas/forms/registration.ts';
import { setPasswordSchema } from '../../../schemas/forms/setPassword.ts';
import { normalizeEmail } from '../../auth/normalizeEmail.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import { ref } from '../../http/apiSchemas.ts';
import { bodySchemaOf } from '../../http/formBodySchema.ts';
import { requestLanguage } from '../../http/requestLanguage.ts';
import type { LoadedMandant } from '../../mandants/LoadedMandant.ts';
import { enforceRateLimits } from '../enforceRateLimits.ts';
import {
  CONFIG_CACHE_CONTROL,
  errorResponses,
  type MandantParams,
  mandantParamsSchema,
  requireMandant,
} from '../mandantParam.ts';
import { ACCOUNT_LIMITS, enforceMailLimits } from './accountMailLimits.ts';
import { assertCanLogIn } from './assertCanLogIn.ts';
import { assertNewPassword } from './passwordProblems.ts';
import { afterPasswordChange, principalOf, sessionAccount } from './sessionAccount.ts';
import { toLoginResponse } from './toLoginResponse.ts';

/** A welcome link works a week: registrations are often finished later. A reset link works an hour. */
export const WELCOME_LINK_TTL_MINUTES = 7 * 24 * 60;
export const RESET_LINK_TTL_MINUTES = 60;

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
  const db = app.database.kysely;
  const tokens = app.accountTokenRepository;
  const accounts = app.accountLifecycleRepository;

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
      const mandant = requireMandant(app, request.params.mandant);
      const address = acceptedEmail(mandant, request.body.Email, '/Email');
      await enforceMailLimits(app, request, reply, mandant.id, address);
      const registration = {
        mandantId: mandant.id,
        email: address,
        vorname: request.body.Vorname.trim(),
        nachname: request.body.Nachname.trim(),
        language: requestLanguage(request),
      };
      const origin = app.mail.originFor(request, mandant);
      await db.transaction().execute(async (trx) => {
        const existing = await accounts.lockByEmail(trx, mandant.id, address);
        const account = existing ?? (await accounts.register(trx, registration));
        // A registration racing this one for the same address: it made the account and sent the mail.
        if (!account) return;
        const mail = { mandantId: mandant.id, to: address, language: account.language, origin };
        if (account.hasPassword) {
          await app.mail.enqueue(trx, { ...mail, template: 'alreadyRegistered', data: account });
          return;
        }
        const link = await tokens.create(trx, mandant.id, account.id, 'welcome', WELCOME_LINK_TTL_MINUTES);
        await app.mail.enqueue(trx, {
          ...mail,
          template: 'welcome',
          data: { ...account, token: link, validHours: WELCOME_LINK_TTL_MINUTES / 60 },
        });
      });
      app.mail.kick();
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
      const mandant = requireMandant(app, request.params.mandant);
      const address = acceptedEmail(mandant, request.params.id, '/params/id');
      await enforceMailLimits(app, request, reply, mandant.id, address);
      const origin = app.mail.originFor(request, mandant);
      await db.transaction().execute(async (trx) => {
        const account = await accounts.lockByEmail(trx, mandant.id, address);
        const mail = { mandantId: mandant.id, to: address, origin };
        if (!account) {
          await app.mail.enqueue(trx, {
            ...mail,
            language: requestLanguage(request),
            template: 'notRegistered',
            data: {},
          });
        } else if (account.hasPassword) {
          await app.mail.enqueue(trx, {
            ...mail,
            language: account.language,
            template: 'alreadyRegistered',
            data: account,
          });
        } else {
          const link = await tokens.create(trx, mandant.id, account.id, 'welcome', WELCOME_LINK_TTL_MINUTES);
          await app.mail.enqueue(trx, {
            ...mail,
            language: account.language,
            template: 'welcome',
            data: { ...account, token: link, validHours: WELCOME_LINK_TTL_MINUTES / 60 },
          });
        }
      });
      app.mail.kick();
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
      const mandant = requireMandant(app, request.params.mandant);
      const address = acceptedEmail(mandant, request.params.id, '/params/id');
      await enforceMailLimits(app, request, reply, mandant.id, address);
      const origin = app.mail.originFor(request, mandant);
      await db.transaction().execute(async (trx) => {
        const account = await accounts.lockByEmail(trx, mandant.id, address);
        const mail = { mandantId: mandant.id, to: address, origin };
        if (!account) {
          await app.mail.enqueue(trx, {
            ...mail,
            language: requestLanguage(request),
            template: 'notRegistered',
            data: {},
          });
          return;
        }
        if (account.status !== 'active') {
          request.log.info({ mandant: mandant.id, account: account.id }, 'no reset mail: account not active');
          return;
        }
        const link = await tokens.create(trx, mandant.id, account.id, 'reset', RESET_LINK_TTL_MINUTES);
        await app.mail.enqueue(trx, {
          ...mail,
          language: account.language,
          template: 'passwordReset',
          data: { ...account, token: link, validMinutes: RESET_LINK_TTL_MINUTES },
        });
      });
      app.mail.kick();
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
      const mandant = requireMandant(app, request.params.mandant);
      await enforceLinkLimit(request, reply, mandant.id, 'validateResetPassword');
      const use = await tokens.check(mandant.id, request.body.Token);
      if (use.outcome === 'used') throw new ApiProblem('PSOF0209');
      const account =
        use.outcome === 'accepted'
          ? await app.accountRepository.findById(mandant.id, use.accountId)
          : undefined;
      if (use.outcome !== 'accepted' || !account) throw new ApiProblem('PSOF0201');
      assertCanLogIn(account);
      return { Purpose: use.purpose, Email: account.email, Vorname: account.vorname };
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
      const mandant = requireMandant(app, request.params.mandant);
      await enforceLinkLimit(request, reply, mandant.id, 'resetPassword');
      const { Token, Password, PasswordConfirm } = request.body;
      assertNewPassword(Password, PasswordConfirm);
      const passwordHash = await app.passwordHasher.hash(Password);
      const changedAt = new Date();
      const accountId = await db.transaction().execute(async (trx) => {
        const use = await tokens.use(trx, mandant.id, Token);
        if (use.outcome === 'used') throw new ApiProblem('PSOF0209');
        const account =
          use.outcome === 'accepted' ? await accounts.lockById(trx, mandant.id, use.accountId) : undefined;
        if (!account) throw new ApiProblem('PSOF0201');
        // Thrown inside the transaction: a blocked account's link is not used up and nothing changes.
        assertCanLogIn(account);
        await accounts.setPassword(trx, mandant.id, account.id, passwordHash, changedAt);
        await tokens.expireAll(trx, mandant.id, account.id);
        return account.id;
      });
      const account = await app.accountRepository.findById(mandant.id, accountId);
      if (!account) throw new ApiProblem('PSOF0201');
      await afterPasswordChange(changedAt);
      // The link proved the mailbox: earlier wrong-password attempts for this address no longer count.
      await app.rateLimiter.reset(app.rateLimitKeys.forEmail('login', mandant.id, account.email));
      const session = await app.sessionTokens.issue('user', mandant.id, account.id);
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
      const mandant = requireMandant(app, request.params.mandant);
      const account = await sessionAccount(app, principal);
      await enforceRateLimits(app, request, reply, [
        {
          name: 'changePasswordPerAccount',
          key: app.rateLimitKeys.forEmail('changePassword', mandant.id, account.id),
          rule: ACCOUNT_LIMITS.changePerAccount,
        },
      ]);
      const { OldPassword, Password, PasswordConfirm } = request.body;
      const oldMatches = account.passwordHash
        ? await app.passwordHasher.verify(account.passwordHash, OldPassword)
        : false;
      if (!oldMatches)
        throw new ApiProblem('PSOF0224', [{ pointer: '/OldPassword', reason: 'wrong password' }]);
      assertNewPassword(Password, PasswordConfirm);
      if (Password === OldPassword) {
        throw new ApiProblem('PSOF0226', [{ pointer: '/Password', reason: 'same as the current password' }]);
      }
      try {
        const passwordHash = await app.passwordHasher.hash(Password);
        const changedAt = new Date();
        const origin = app.mail.originFor(request, mandant);
        await db.transaction().execute(async (trx) => {
          await accounts.setPassword(trx, mandant.id, account.id, passwordHash, changedAt);
          await tokens.expireAll(trx, mandant.id, account.id);
          await app.mail.enqueue(trx, {
            mandantId: mandant.id,
            to: account.email,
            language: account.language,
            origin,
            template: 'passwordChanged',
            data: account,
          });
        });
        app.mail.kick();
        await afterPasswordChange(changedAt);
        const session = await app.sessionTokens.issue('user', mandant.id, account.id);
        request.log.info({ mandant: mandant.id, account: account.id }, 'password changed');
        const updated = await app.accountRepository.findById(mandant.id, account.id);
        return toLoginResponse(updated ?? account, session);
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
      requireMandant(app, request.params.mandant);
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
    return enforceRateLimits(app, request, reply, [
      {
        name: `${call}PerIp`,
        key: app.rateLimitKeys.forClient(call, mandantId, request.ip),
        rule: ACCOUNT_LIMITS.linkPerIp,
      },
    ]);
  }
};
