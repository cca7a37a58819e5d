import type { FastifyPluginAsync } from 'fastify';
import type { BackofficeTokenResponse } from '../../../schemas/backoffice.ts';
import {
  BACKOFFICE_ROLES_CLAIM,
  BACKOFFICE_SSO_SCOPE,
  type BackofficeSsoRequest,
  type BackofficeSsoStart,
} from '../../../schemas/backofficeSso.ts';
import type { AgencySsoSettings } from '../../agency/sso/agencySsoPlugin.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import { ref } from '../../http/apiSchemas.ts';
import { enforceRateLimits } from '../../http/enforceRateLimits.ts';
import {
  errorResponses,
  type MandantParams,
  mandantParamsSchema,
  requireMandant,
} from '../../http/mandantParam.ts';
import type { LoadedMandant } from '../../mandants/LoadedMandant.ts';
import { callbackUri, redeemAuthorizationCode, refusalReason } from '../../sso/redeemCode.ts';
import { issueBackofficeSession } from '../login/backofficeLoginRoutes.ts';
import { parseBackofficeRolesClaim, signInSsoBackofficeUser } from './ssoBackofficeUser.ts';

const languageSchema = {
  type: 'string',
  pattern: '^[a-z]{2}$',
  description: 'Language of the redirect URI (one the mandant offers); default its default language.',
} as const;

const startResponseSchema = {
  type: 'object',
  required: ['AuthorizationEndpoint', 'ClientId', 'Scope', 'RedirectUri'],
  additionalProperties: false,
  properties: {
    AuthorizationEndpoint: { type: 'string' },
    ClientId: { type: 'string' },
    Scope: { type: 'string' },
    RedirectUri: { type: 'string' },
  },
} as const;

const exchangeBodySchema = {
  type: 'object',
  required: ['Code', 'Verifier'],
  additionalProperties: false,
  properties: {
    Code: { type: 'string', minLength: 1, maxLength: 2048 },
    // RFC 7636: 43 to 128 characters of [A-Za-z0-9-._~].
    Verifier: { type: 'string', pattern: '^[A-Za-z0-9._~-]{43,128}$' },
    State: { type: 'string', minLength: 1, maxLength: 512 },
    Iss: { type: 'string', minLength: 1, maxLength: 2048 },
    Sprache: languageSchema,
  },
} as const;

/**
 * Single sign-on of the client's programme team (issue 15): the agency's machinery (app.agencySso for the
 * provider and its discovery, server/sso/redeemCode.ts for the code exchange with PKCE S256 and the issuer
 * check) with the mandant's `backofficeSso`. Both routes are public: the proof is the code and its verifier.
 */
export const backofficeSsoRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: MandantParams; Querystring: { Sprache?: string } }>(
    '/:mandant/backoffice/sso',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Where the programme team signs in by single sign-on (public)',
        description:
          'Public, no login: the authorization endpoint, client id, scope and redirect URI for the authorization code flow with PKCE S256; never a secret. A mandant without back-office SSO: 204 without body (the sign-in page asks on every visit; a 404 would be logged as a failed request in every browser). Provider unreachable: 503 PSOF0843. Unoffered language: 400 PSOF0013.',
        params: mandantParamsSchema,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { Sprache: languageSchema },
        },
        response: {
          200: startResponseSchema,
          204: { type: 'null', description: 'The programme team signs in with password and TOTP only.' },
          ...errorResponses,
        },
      },
    },
    async (request, reply): Promise<BackofficeSsoStart | undefined> => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const settings = app.agencySso.backofficeSettingsOf(mandant);
      if (!settings) return reply.code(204).send();
      const endpoint = (await configurationOf(settings)).serverMetadata().authorization_endpoint;
      if (!endpoint) throw new ApiProblem('PSOF0843');
      return {
        AuthorizationEndpoint: endpoint,
        ClientId: settings.clientId,
        Scope: BACKOFFICE_SSO_SCOPE,
        RedirectUri: callbackUri(request, mandant, settings.redirectPath, request.query.Sprache),
      };
    },
  );

  app.put<{ Params: MandantParams; Body: BackofficeSsoRequest }>(
    '/:mandant/backoffice/sso',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Sign in a member of the programme team with the code of the identity provider',
        description:
          'Public, no login: the proof is the code with its PKCE verifier. The server redeems them at the provider, validates the ID token and reads the `backoffice_roles` claim (array or space-separated: viewer, operator, finance, admin). The user is found by subject, else by e-mail (the subject is stored), else created; the claim’s roles replace the stored ones (the provider is the source of truth) and the provider did the second factor (no TOTP here). Writes login.succeeded (method sso) to the audit log. A forged, used or foreign code, a wrong verifier, state or issuer: 401 PSOF0841. No valid role in the claim: 403 PSOF0842. Deactivated user: 403 PSOF0703. No back-office SSO: 404 PSOF0840. Provider unreachable: 503 PSOF0843. Rate-limited per client (429 PSOF0016).',
        params: mandantParamsSchema,
        body: exchangeBodySchema,
        response: { 200: ref('BackofficeTokenResponse'), ...errorResponses },
      },
    },
    async (request, reply): Promise<BackofficeTokenResponse> => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      await enforceRateLimits(app.rateLimiter, request, reply, [
        {
          name: 'backofficeSsoPerIp',
          key: app.rateLimitKeys.forClient('backofficeSso', mandant.id, request.ip),
          rule: app.config.rateLimits.loginPerIp,
        },
      ]);
      const settings = requireSso(mandant);
      const configuration = await configurationOf(settings);
      const { Code, Verifier, State, Iss, Sprache } = request.body;
      const redirectUri = callbackUri(request, mandant, settings.redirectPath, Sprache);
      let claims: Record<string, unknown>;
      try {
        claims = await redeemAuthorizationCode(
          configuration,
          { redirectUri, code: Code, verifier: Verifier, state: State, iss: Iss },
          (idToken) => idToken[BACKOFFICE_ROLES_CLAIM] === undefined || typeof idToken.email !== 'string',
        );
      } catch (error) {
        request.log.warn(
          { mandant: mandant.id, reason: refusalReason(error) },
          'back-office SSO refused: code exchange failed',
        );
        throw new ApiProblem('PSOF0841');
      }
      if (typeof claims.sub !== 'string' || typeof claims.email !== 'string' || !claims.email.includes('@')) {
        request.log.warn({ mandant: mandant.id }, 'back-office SSO refused: no subject or e-mail claim');
        throw new ApiProblem('PSOF0841');
      }
      const roles = parseBackofficeRolesClaim(claims[BACKOFFICE_ROLES_CLAIM]);
      if (roles.length === 0) {
        request.log.warn(
          { mandant: mandant.id },
          'back-office SSO refused: no back-office role in the claim',
        );
        throw new ApiProblem('PSOF0842');
      }
      const user = await signInSsoBackofficeUser(app.database.kysely, {
        mandantId: mandant.id,
        subject: claims.sub,
        email: claims.email,
        name: typeof claims.name === 'string' ? claims.name : '',
        roles,
      });
      request.log.info({ mandant: mandant.id, backofficeUser: user.id }, 'back-office user signed in by SSO');
      return issueBackofficeSession(app, mandant.id, user);
    },
  );

  function requireSso(mandant: LoadedMandant): AgencySsoSettings {
    const settings = app.agencySso.backofficeSettingsOf(mandant);
    if (!settings) throw new ApiProblem('PSOF0840');
    return settings;
  }

  /** The shared discovery; its 503 is said with the back office's code. */
  async function configurationOf(settings: AgencySsoSettings) {
    try {
      return await app.agencySso.configurationOf(settings);
    } catch {
      throw new ApiProblem('PSOF0843');
    }
  }
};
