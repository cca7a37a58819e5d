import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { backofficeAbilitiesOf } from '../../../domain/backofficeAbilities.ts';
import type {
  BackofficeLoginRequest,
  BackofficeLoginStep,
  BackofficeTokenResponse,
  BackofficeTotpRequest,
  BackofficeUserResponse,
} from '../../../schemas/backoffice.ts';
import { backofficeTotpSchema } from '../../../schemas/forms/backofficeTotp.ts';
import { EMAIL_MAX_LENGTH } from '../../../schemas/forms/fields.ts';
import { loginSchema } from '../../../schemas/forms/login.ts';
import { hashToken, TOKEN_PATTERN } from '../../account/accountTokenRepository.ts';
import { normalizeEmail } from '../../auth/normalizeEmail.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import { ref } from '../../http/apiSchemas.ts';
import { bodySchemaOf } from '../../http/formBodySchema.ts';
import {
  errorResponses,
  type MandantParams,
  mandantParamsSchema,
  requireMandant,
} from '../../http/mandantParam.ts';
import { beginLoginAttempt, loginCaptchaProperty } from '../../rateLimit/loginThrottle.ts';
import { recordAudit } from '../audit/auditLog.ts';
import { backofficeOf } from '../backofficeAuthPlugin.ts';
import {
  type BackofficeUser,
  findBackofficeUserByEmail,
  findBackofficeUserById,
} from '../backofficeUsers.ts';
import { acceptedTotpStep, newTotpSecret, totpUri } from './totp.ts';

/** The second step must follow the first within five minutes, with at most five wrong codes. */
const CHALLENGE_MINUTES = 5;
const CHALLENGE_ATTEMPTS = 5;

const loginBodySchema = {
  ...bodySchemaOf(loginSchema),
  properties: {
    ...loginSchema.properties,
    Email: { type: 'string', minLength: 1, maxLength: EMAIL_MAX_LENGTH },
    ...loginCaptchaProperty,
  },
} as const;

const totpBodySchema = {
  ...bodySchemaOf(backofficeTotpSchema),
  required: ['Challenge', 'Code'],
  properties: { ...backofficeTotpSchema.properties, Challenge: { type: 'string', maxLength: 64 } },
} as const;

const loginStepSchema = {
  type: 'object',
  required: ['Schritt', 'Challenge'],
  properties: {
    Schritt: { type: 'string', enum: ['totp', 'totpEinrichten'] },
    Challenge: { type: 'string' },
    OtpauthUri: { type: 'string' },
    Geheimnis: { type: 'string' },
  },
} as const;

/** The TOTP secret's encryption context: a ciphertext copied to another mandant or column does not decrypt. */
export const totpCipherContext = (mandantId: string): string => `${mandantId}:backoffice-totp`;

export function backofficeUserResponse(
  user: Pick<BackofficeUser, 'email' | 'name' | 'roles'>,
): BackofficeUserResponse {
  return {
    Email: user.email,
    Name: user.name,
    Rollen: user.roles,
    Faehigkeiten: backofficeAbilitiesOf(user.roles),
  };
}

/**
 * Sign-in of the client's programme team with local accounts (issue 15): e-mail and password (argon2id, the
 * account machinery's hasher, rate limits and answers), then a TOTP code (otplib). At the first sign-in the
 * first answer carries the new secret to add to an authenticator app; the first correct code confirms it.
 * Single sign-on (`backoffice/sso`) ends in the same token. Each sign-in is written to the audit log.
 */
export const backofficeLoginRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.kysely;

  app.post<{ Params: MandantParams; Body: BackofficeLoginRequest }>(
    '/:mandant/backoffice/login',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Back-office sign-in, step 1: e-mail and password',
        description:
          'Public. Wrong e-mail, wrong password or a user without a password: 401 PSOF0200; a deactivated user: 403 PSOF0703 (told only after the password matched). Answers the challenge for step 2 (POST backoffice/login/totp); at the first sign-in also the TOTP secret and its otpauth URI, once. Volume per client: 429 PSOF0016; after failed logins the login throttle of ADR 0024 (429 PSOF0910 with Retry-After, captcha 422 PSOF0307/0308).',
        params: mandantParamsSchema,
        body: loginBodySchema,
        response: { 200: loginStepSchema, ...errorResponses },
      },
    },
    async (request, reply): Promise<BackofficeLoginStep> => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const email = normalizeEmail(request.body.Email);
      const attempt = await beginLoginAttempt(app, request, reply, {
        call: 'backofficeLogin',
        mandantId: mandant.id,
        email,
        captcha: request.body.Captcha,
      });
      const user = await findBackofficeUserByEmail(db, mandant.id, email);
      const { Password } = request.body;
      const passwordMatches = user?.passwordHash
        ? await app.passwordHasher.verify(user.passwordHash, Password)
        : await app.passwordHasher.verifyDummy(Password).then(() => false);
      if (!user || !passwordMatches) {
        await attempt.failed();
        request.log.info({ mandant: mandant.id }, 'back-office login refused: wrong e-mail or password');
        throw new ApiProblem('PSOF0200');
      }
      await attempt.succeeded();
      if (user.status !== 'active') throw new ApiProblem('PSOF0703');
      const challenge = randomBytes(32).toString('base64url');
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('backoffice_challenge')
          .values({
            token_hash: hashToken(challenge),
            mandant_id: mandant.id,
            user_id: user.id,
            expires_at: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
          })
          .execute();
        if (user.totpConfirmedAt) return { Schritt: 'totp', Challenge: challenge };
        // Not confirmed yet: a new secret at every first step, so a secret seen once and not used is dead.
        const secret = newTotpSecret();
        await trx
          .updateTable('backoffice_user')
          .set({ totp_secret_encrypted: app.fieldCipher.encrypt(secret, totpCipherContext(mandant.id)) })
          .where('id', '=', user.id)
          .execute();
        const issuer = `${mandant.config.name ?? mandant.id} Backoffice`;
        return {
          Schritt: 'totpEinrichten',
          Challenge: challenge,
          OtpauthUri: totpUri(secret, issuer, user.email),
          Geheimnis: secret,
        };
      });
    },
  );

  app.post<{ Params: MandantParams; Body: BackofficeTotpRequest }>(
    '/:mandant/backoffice/login/totp',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Back-office sign-in, step 2: the TOTP code',
        description:
          'Public, with the challenge of step 1. A wrong, old or reused code: 401 PSOF0701; an unknown, used or expired challenge, or the fifth wrong code: 401 PSOF0702 (start again). Answers the back-office session token.',
        params: mandantParamsSchema,
        body: totpBodySchema,
        response: { 200: ref('BackofficeTokenResponse'), ...errorResponses },
      },
    },
    async (request): Promise<BackofficeTokenResponse> => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const { Challenge, Code } = request.body;
      if (!TOKEN_PATTERN.test(Challenge)) throw new ApiProblem('PSOF0702');
      const user = await db.transaction().execute(async (trx) => {
        const challenge = await trx
          .updateTable('backoffice_challenge')
          .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
          .where('token_hash', '=', hashToken(Challenge))
          .where('mandant_id', '=', mandant.id)
          .where('used_at', 'is', null)
          .where('expires_at', '>', new Date())
          .where('attempts', '<', CHALLENGE_ATTEMPTS)
          .returning(['user_id'])
          .executeTakeFirst();
        if (!challenge) return 'expired' as const;
        const row = await trx
          .selectFrom('backoffice_user')
          .select(['id', 'status', 'totp_secret_encrypted', 'totp_last_step'])
          .where('mandant_id', '=', mandant.id)
          .where('id', '=', challenge.user_id)
          .forUpdate()
          .executeTakeFirst();
        if (!row?.totp_secret_encrypted || row.status !== 'active') return 'expired' as const;
        const secret = app.fieldCipher.decrypt(row.totp_secret_encrypted, totpCipherContext(mandant.id));
        const lastStep = row.totp_last_step === null ? null : Number(row.totp_last_step);
        const step = await acceptedTotpStep(secret, Code, lastStep, Math.floor(Date.now() / 1000));
        if (step === undefined) return 'wrong' as const;
        await trx
          .updateTable('backoffice_challenge')
          .set({ used_at: new Date() })
          .where('token_hash', '=', hashToken(Challenge))
          .execute();
        await trx
          .updateTable('backoffice_user')
          .set((eb) => ({
            totp_last_step: step,
            totp_confirmed_at: eb.fn.coalesce('totp_confirmed_at', eb.val(new Date())),
            last_login_at: new Date(),
          }))
          .where('id', '=', row.id)
          .execute();
        const signedIn = await findBackofficeUserById(trx, mandant.id, row.id);
        if (signedIn) {
          await recordAudit(trx, {
            mandantId: mandant.id,
            actor: { id: signedIn.id, email: signedIn.email },
            action: 'login.succeeded',
            subjectType: 'backofficeUser',
            subjectId: signedIn.id,
            after: { method: 'totp' },
          });
        }
        return signedIn ?? ('expired' as const);
      });
      if (user === 'expired') throw new ApiProblem('PSOF0702');
      if (user === 'wrong') {
        request.log.info({ mandant: mandant.id }, 'back-office login refused: wrong TOTP code');
        throw new ApiProblem('PSOF0701');
      }
      return issueBackofficeSession(app, mandant.id, user);
    },
  );

  app.get<{ Params: MandantParams }>(
    '/:mandant/backoffice/sitzung',
    {
      onRequest: app.authenticateBackoffice('any'),
      schema: {
        tags: ['backoffice'],
        summary: 'The signed-in back-office user (restores the session in the browser)',
        params: mandantParamsSchema,
        response: { 200: ref('BackofficeUserResponse'), ...errorResponses },
      },
    },
    async (request): Promise<BackofficeUserResponse> => backofficeUserResponse(backofficeOf(request)),
  );

  app.post<{ Params: MandantParams }>(
    '/:mandant/backoffice/abmelden',
    {
      onRequest: app.authenticateBackoffice('any'),
      schema: {
        tags: ['backoffice'],
        summary: 'Ends the back-office session (the token is revoked)',
        params: mandantParamsSchema,
        response: { 204: { type: 'null' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const claims = request.principal?.claims;
      if (claims) await app.sessionTokens.revoke(claims);
      reply.code(204);
      return null;
    },
  );
};

/** The token and answer of a successful back-office sign-in (password and TOTP, or SSO). */
export async function issueBackofficeSession(
  app: FastifyInstance,
  mandantId: string,
  user: BackofficeUser,
): Promise<BackofficeTokenResponse> {
  const token = await app.sessionTokens.issue('backoffice', mandantId, user.id);
  return { Token: token, ...backofficeUserResponse(user) };
}
