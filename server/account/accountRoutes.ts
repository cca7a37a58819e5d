import type { FastifyPluginAsync } from 'fastify';
import type { LoginRequest, UpdateLanguageRequest } from '../../schemas/account.ts';
import { EMAIL_MAX_LENGTH } from '../../schemas/forms/fields.ts';
import { loginSchema } from '../../schemas/forms/login.ts';
import { normalizeEmail } from '../auth/normalizeEmail.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import { ref } from '../http/apiSchemas.ts';
import { enforceRateLimits } from '../http/enforceRateLimits.ts';
import { bodySchemaOf } from '../http/formBodySchema.ts';
import {
  errorResponses,
  type MandantParams,
  mandantParamsSchema,
  requireMandant,
} from '../http/mandantParam.ts';
import { beginLoginAttempt, failureHistory, loginCaptchaProperty } from '../rateLimit/loginThrottle.ts';
import { accountLifecycleRoutes } from './accountLifecycleRoutes.ts';
import { assertCanLogIn } from './assertCanLogIn.ts';
import { principalOf, sessionAccount } from './sessionAccount.ts';
import { toLoginResponse } from './toLoginResponse.ts';

/**
 * The login form's schema (schemas/forms/login.ts), but any address as typed: the server compares it
 * normalised (trimmed, lower case), and one that is no account's answers PSOF0200 like a wrong password.
 */
const loginBodySchema = {
  ...bodySchemaOf(loginSchema),
  properties: {
    ...loginSchema.properties,
    Email: { type: 'string', minLength: 1, maxLength: EMAIL_MAX_LENGTH },
    ...loginCaptchaProperty,
  },
} as const;

const updateLanguageBodySchema = {
  type: 'object',
  required: ['Language'],
  properties: {
    Language: { type: 'string', pattern: '^[a-z]{2}$', description: 'One of the offered languages.' },
  },
} as const;

const adminLoginQuerySchema = {
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string', minLength: 1, maxLength: 512 } },
} as const;

const bearer = [{ bearer: [] }];

const loginFailuresSchema = {
  type: 'object',
  required: ['Anzahl', 'Zuletzt'],
  properties: {
    Anzahl: { type: 'integer', minimum: 0 },
    Zuletzt: { type: ['string', 'null'], format: 'date-time' },
  },
} as const;

/**
 * SPEC section 7, Account: e-mail/password login, admin login with a single-use token, the current user,
 * the language choice and logout; registration and passwords in accountLifecycleRoutes.ts.
 */
export const accountRoutes: FastifyPluginAsync = async (app) => {
  const limits = app.config.rateLimits;
  await app.register(accountLifecycleRoutes);

  app.post<{ Params: MandantParams; Body: LoginRequest }>(
    '/:mandant/account/login',
    {
      schema: {
        tags: ['account'],
        summary: 'Log in with e-mail and password',
        description:
          'Wrong e-mail and wrong password give the same 401 PSOF0200. Blocked accounts: 403 PSOF0203/0205/0206. Volume per client: 429 PSOF0016. After failed logins (ADR 0024): growing delays per e-mail and client and per client, 429 PSOF0910 with Retry-After; after 3 failures of the e-mail a solved captcha in `Captcha` (422 PSOF0307 without, PSOF0308 wrong). The right password is never refused for good.',
        params: mandantParamsSchema,
        body: loginBodySchema,
        response: { 200: ref('LoginResponse'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const email = normalizeEmail(request.body.Email);
      const attempt = await beginLoginAttempt(app, request, reply, {
        call: 'login',
        mandantId: mandant.id,
        email,
        captcha: request.body.Captcha,
      });
      const { Password } = request.body;
      const account = await app.accountRepository.findByEmail(mandant.id, email);
      // A registered account without a password yet answers exactly like an unknown e-mail.
      const passwordHash = account?.passwordHash;
      const passwordMatches = passwordHash
        ? await app.passwordHasher.verify(passwordHash, Password)
        : await app.passwordHasher.verifyDummy(Password).then(() => false);
      if (!account || !passwordMatches) {
        await attempt.failed();
        request.log.info({ mandant: mandant.id }, 'login refused: wrong e-mail or password');
        throw new ApiProblem('PSOF0200');
      }
      // The password proved who asks: its failures are forgotten, whatever the account's status.
      await attempt.succeeded();
      assertCanLogIn(account, mandant.config.programme.excludedEmailWildcards);
      const token = await app.sessionTokens.issue('user', mandant.id, account.id);
      request.log.info({ mandant: mandant.id, account: account.id }, 'logged in');
      return toLoginResponse(account, token);
    },
  );

  app.get<{ Params: MandantParams; Querystring: { token: string } }>(
    '/:mandant/account/login',
    {
      schema: {
        tags: ['account'],
        summary: 'Admin login with a single-use login token',
        description:
          'Unknown or expired token: 410 PSOF0201. Used before: 409 PSOF0209. Rate-limited per client.',
        params: mandantParamsSchema,
        querystring: adminLoginQuerySchema,
        response: { 200: ref('LoginResponse'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      await enforceRateLimits(app.rateLimiter, request, reply, [
        {
          name: 'tokenLoginPerIp',
          key: app.rateLimitKeys.forClient('tokenLogin', mandant.id, request.ip),
          rule: limits.tokenLoginPerIp,
        },
      ]);
      const use = await app.loginTokenRepository.use(mandant.id, request.query.token);
      if (use.outcome === 'used') throw new ApiProblem('PSOF0209');
      const account =
        use.outcome === 'accepted'
          ? await app.accountRepository.findById(mandant.id, use.accountId)
          : undefined;
      if (!account) throw new ApiProblem('PSOF0201');
      assertCanLogIn(account, mandant.config.programme.excludedEmailWildcards);
      const token = await app.sessionTokens.issue('user', mandant.id, account.id);
      request.log.info({ mandant: mandant.id, account: account.id }, 'logged in with a login token');
      return toLoginResponse(account, token);
    },
  );

  app.get<{ Params: MandantParams }>(
    '/:mandant/account/user',
    {
      onRequest: app.authenticate('user'),
      schema: {
        tags: ['account'],
        summary: 'The logged-in recommender; Token is the caller’s token',
        security: bearer,
        params: mandantParamsSchema,
        response: { 200: ref('LoginResponse'), ...errorResponses },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      return toLoginResponse(await sessionAccount(app.accountRepository, principal), principal.token);
    },
  );

  app.get<{ Params: MandantParams }>(
    '/:mandant/account/anmeldeversuche',
    {
      onRequest: app.authenticate('user'),
      schema: {
        tags: ['account'],
        summary:
          'Failed logins with the recommender’s e-mail in the last 30 days that were not acknowledged yet',
        description:
          'Anzahl and the time of the last one (Zuletzt, null when none): the personal area tells the owner (ADR 0024, ASVS V6.3.5).',
        security: bearer,
        params: mandantParamsSchema,
        response: { 200: loginFailuresSchema, ...errorResponses },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const account = await sessionAccount(app.accountRepository, principal);
      const recent = await failureHistory(app).recent('login', principal.claims.mnd, account.email);
      return { Anzahl: recent.count, Zuletzt: recent.last?.toISOString() ?? null };
    },
  );

  app.post<{ Params: MandantParams }>(
    '/:mandant/account/anmeldeversuche/gesehen',
    {
      onRequest: app.authenticate('user'),
      schema: {
        tags: ['account'],
        summary: 'The recommender has seen the failed logins: they are no longer shown',
        description: 'Failures after this moment are shown again.',
        security: bearer,
        params: mandantParamsSchema,
        response: { 204: { type: 'null', description: 'Acknowledged.' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const account = await sessionAccount(app.accountRepository, principal);
      await failureHistory(app).acknowledge('login', principal.claims.mnd, account.email, new Date());
      return reply.code(204).send();
    },
  );

  app.post<{ Params: MandantParams; Body: UpdateLanguageRequest }>(
    '/:mandant/account/updateLanguage',
    {
      onRequest: app.authenticate('user'),
      schema: {
        tags: ['account'],
        summary: 'Store the language the recommender chose; answers the updated user',
        description: 'A language the mandant does not offer: 400 PSOF0013.',
        security: bearer,
        params: mandantParamsSchema,
        body: updateLanguageBodySchema,
        response: { 200: ref('LoginResponse'), ...errorResponses },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const { Language } = request.body;
      const offered = mandant.config.SupportedLanguage.Sprache;
      if (!offered.includes(Language)) {
        throw new ApiProblem('PSOF0013', [
          { pointer: '/Language', reason: `must be one of the offered languages: ${offered.join(', ')}` },
        ]);
      }
      const account = await sessionAccount(app.accountRepository, principal);
      const updated = await app.accountRepository.updateLanguage(mandant.id, account.id, Language);
      if (!updated) throw new ApiProblem('PSOF0204');
      return toLoginResponse(updated, principal.token);
    },
  );

  app.post<{ Params: MandantParams }>(
    '/:mandant/account/logout',
    {
      onRequest: app.authenticate('any'),
      schema: {
        tags: ['account'],
        summary: 'End the session: the token is revoked and answers 401 PSOF0204 from now on',
        description: 'Works for recommender and agency tokens alike. Nothing else about the user changes.',
        security: bearer,
        params: mandantParamsSchema,
        response: { 204: { type: 'null', description: 'Logged out.' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { claims } = principalOf(request);
      await app.sessionTokens.revoke(claims);
      request.log.info({ mandant: claims.mnd, kind: claims.kind }, 'logged out');
      return reply.code(204).send();
    },
  );
};
