import type { FastifyPluginAsync } from 'fastify';
import type { AgencyTokenResponse } from '../../schemas/account.ts';
import type { AgencyLoginRequest } from '../../schemas/agencySso.ts';
import { EMAIL_MAX_LENGTH } from '../../schemas/forms/fields.ts';
import { loginSchema } from '../../schemas/forms/login.ts';
import { normalizeEmail } from '../auth/normalizeEmail.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import { ref } from '../http/apiSchemas.ts';
import { bodySchemaOf } from '../http/formBodySchema.ts';
import {
  errorResponses,
  type MandantParams,
  mandantParamsSchema,
  requireMandant,
} from '../http/mandantParam.ts';
import { beginLoginAttempt, loginCaptchaProperty } from '../rateLimit/loginThrottle.ts';
import { agencyTokenResponse } from './agencyTokenResponse.ts';
import { assertAgencyUserCanSignIn } from './assertAgencyUserCanSignIn.ts';

/** The login form's schema (the block uses the same form), any address as typed (compared normalised). */
const agencyLoginBodySchema = {
  ...bodySchemaOf(loginSchema),
  properties: {
    ...loginSchema.properties,
    Email: { type: 'string', minLength: 1, maxLength: EMAIL_MAX_LENGTH },
    ...loginCaptchaProperty,
  },
} as const;

/**
 * E-mail and password login of agency staff whose agency has no single sign-on (issue 14), on the account
 * machinery of `/account/login`: the same password hasher (with its dummy check for unknown addresses), the
 * same login throttle under its own keys, the same answers (401 PSOF0200 for a wrong e-mail or
 * password, 403 PSOF0203 for a blocked user), and the agency answer of `token/verifyAgenturToken`.
 */
export const agencyLoginRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Params: MandantParams; Body: AgencyLoginRequest }>(
    '/:mandant/agentur/login',
    {
      schema: {
        tags: ['agency'],
        summary: 'Sign in an agency user with e-mail and password',
        description:
          'Public, no login. Wrong e-mail, wrong password or a user without a password: 401 PSOF0200. Blocked from the programme: 403 PSOF0203; deactivated by the agency owner: 403 PSOF0613; an agency that registered itself and is not active: 403 PSOF0661 (registration not complete), PSOF0660 (being reviewed), PSOF0662 (not accepted) — all told only after the password matched. Volume per client: 429 PSOF0016; after failed logins the login throttle of ADR 0024 (429 PSOF0910 with Retry-After, captcha 422 PSOF0307/0308).',
        params: mandantParamsSchema,
        body: agencyLoginBodySchema,
        response: { 200: ref('AgencyTokenResponse'), ...errorResponses },
      },
    },
    async (request, reply): Promise<AgencyTokenResponse> => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const email = normalizeEmail(request.body.Email);
      const attempt = await beginLoginAttempt(app, request, reply, {
        call: 'agencyLogin',
        mandantId: mandant.id,
        email,
        captcha: request.body.Captcha,
      });
      const row = await app.database.kysely
        .selectFrom('agency_user')
        .select(['id', 'password_hash'])
        .where('mandant_id', '=', mandant.id)
        .where('email', '=', email)
        .executeTakeFirst();
      const { Password } = request.body;
      const passwordHash = row?.password_hash;
      const passwordMatches = passwordHash
        ? await app.passwordHasher.verify(passwordHash, Password)
        : await app.passwordHasher.verifyDummy(Password).then(() => false);
      const user =
        row && passwordMatches ? await app.agencyUserRepository.findById(mandant.id, row.id) : undefined;
      if (!user) {
        await attempt.failed();
        request.log.info({ mandant: mandant.id }, 'agency login refused: wrong e-mail or password');
        throw new ApiProblem('PSOF0200');
      }
      await attempt.succeeded();
      assertAgencyUserCanSignIn(user);
      const token = await app.sessionTokens.issue('agency', mandant.id, user.id);
      request.log.info({ mandant: mandant.id, agencyUser: user.id }, 'agency user logged in');
      return agencyTokenResponse(app, token, user);
    },
  );
};
