import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AgencyTokenResponse } from '../../../schemas/account.ts';
import { AGENCY_SSO_SCOPE, type AgencySsoRequest, type AgencySsoStart } from '../../../schemas/agencySso.ts';
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
import { agencyTokenResponse } from '../agencyTokenResponse.ts';
import type { AgencySsoSettings } from './agencySsoPlugin.ts';
import { parseDepartmentClaim } from './departmentClaim.ts';
import { signInSsoStaff } from './ssoStaff.ts';

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
 * SPEC 7 `agentur/sso`, SPEC 9: agency staff sign in at the mandant's identity provider (authorization
 * code flow, PKCE S256, scope `openid department az_basic`). The browser starts the flow with what GET
 * answers and sends the code and its verifier to PUT; the server exchanges them with openid-client,
 * validates the ID token, maps the `department` claim to the agency and role (departmentClaim.ts) and
 * answers the agency session like `token/verifyAgenturToken`.
 */
export const agencySsoRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: MandantParams; Querystring: { Sprache?: string } }>(
    '/:mandant/agentur/sso',
    {
      schema: {
        tags: ['agency'],
        summary: 'Where agency staff sign in by single sign-on (public)',
        description:
          'Public, no login: the authorization endpoint, client id, scope and redirect URI the browser needs for the authorization code flow with PKCE S256; never a secret. A mandant whose agencies have no SSO: 204 without body (the login page asks on every visit; a 404 would be logged as a failed request in every browser). Provider unreachable: 503 PSOF0614. Unoffered language: 400 PSOF0013.',
        params: mandantParamsSchema,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { Sprache: languageSchema },
        },
        response: {
          200: startResponseSchema,
          204: { type: 'null', description: 'The mandant’s agencies sign in without SSO.' },
          ...errorResponses,
        },
      },
    },
    async (request, reply): Promise<AgencySsoStart | undefined> => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const settings = app.agencySso.settingsOf(mandant);
      if (!settings) return reply.code(204).send();
      const configuration = await app.agencySso.configurationOf(settings);
      const endpoint = configuration.serverMetadata().authorization_endpoint;
      if (!endpoint) throw new ApiProblem('PSOF0614');
      return {
        AuthorizationEndpoint: endpoint,
        ClientId: settings.clientId,
        Scope: AGENCY_SSO_SCOPE,
        RedirectUri: redirectUri(request, mandant, settings, request.query.Sprache),
      };
    },
  );

  app.put<{ Params: MandantParams; Body: AgencySsoRequest }>(
    '/:mandant/agentur/sso',
    {
      schema: {
        tags: ['agency'],
        summary: 'Sign in an agency user with the code of the identity provider',
        description:
          'Public, no login: the proof is the code with its PKCE verifier. The server redeems them at the provider, validates the ID token and maps the department claim (`<sso_department>` or `<sso_department>:<owner|inactiveOwner|employee>`) to the agency and role; the user is found by subject or e-mail, or created. A forged, used or foreign code, a wrong verifier or state: 401 PSOF0611. No agency for the department: 401 PSOF0612. User of another agency: 409 PSOF0615. Blocked: 403 PSOF0203; deactivated: 403 PSOF0613. No SSO: 404 PSOF0610. Rate-limited per client (429 PSOF0016).',
        params: mandantParamsSchema,
        body: exchangeBodySchema,
        response: { 200: ref('AgencyTokenResponse'), ...errorResponses },
      },
    },
    async (request, reply): Promise<AgencyTokenResponse> => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      await enforceRateLimits(app.rateLimiter, request, reply, [
        {
          name: 'agencySsoPerIp',
          key: app.rateLimitKeys.forClient('agencySso', mandant.id, request.ip),
          rule: app.config.rateLimits.loginPerIp,
        },
      ]);
      const settings = requireSso(mandant);
      const configuration = await app.agencySso.configurationOf(settings);
      const { Code, Verifier, State, Iss, Sprache } = request.body;
      let claims: Record<string, unknown>;
      try {
        claims = await redeemAuthorizationCode(
          configuration,
          {
            redirectUri: redirectUri(request, mandant, settings, Sprache),
            code: Code,
            verifier: Verifier,
            state: State,
            iss: Iss,
          },
          (idToken) => idToken.department === undefined || typeof idToken.email !== 'string',
        );
      } catch (error) {
        if (error instanceof ApiProblem) throw error;
        request.log.warn(
          { mandant: mandant.id, reason: refusalReason(error) },
          'agency SSO refused: code exchange failed',
        );
        throw new ApiProblem('PSOF0611');
      }

      const department = parseDepartmentClaim(claims.department);
      const agency = department
        ? await app.database.kysely
            .selectFrom('agency')
            .select('id')
            .where('mandant_id', '=', mandant.id)
            .where('sso_department', '=', department.ssoDepartment)
            .executeTakeFirst()
        : undefined;
      if (!department || !agency) {
        request.log.warn({ mandant: mandant.id }, 'agency SSO refused: no agency for the department claim');
        throw new ApiProblem('PSOF0612');
      }
      if (typeof claims.sub !== 'string' || typeof claims.email !== 'string' || !claims.email.includes('@')) {
        request.log.warn({ mandant: mandant.id }, 'agency SSO refused: no e-mail claim');
        throw new ApiProblem('PSOF0611');
      }
      const userId = await signInSsoStaff(app.database.kysely, {
        mandantId: mandant.id,
        agencyId: agency.id,
        subject: claims.sub,
        email: claims.email,
        name: typeof claims.name === 'string' ? claims.name : '',
        role: department.role,
      });
      const user = await app.agencyUserRepository.findById(mandant.id, userId);
      if (!user) throw new ApiProblem('PSOF0611');
      const token = await app.sessionTokens.issue('agency', mandant.id, user.id);
      request.log.info({ mandant: mandant.id, agencyUser: user.id }, 'agency user signed in by SSO');
      return agencyTokenResponse(app, token, user);
    },
  );

  function requireSso(mandant: LoadedMandant): AgencySsoSettings {
    const settings = app.agencySso.settingsOf(mandant);
    if (!settings) throw new ApiProblem('PSOF0610');
    return settings;
  }
};

/** The redirect URI of the agency sign-in (server/sso/redeemCode.ts `callbackUri`). */
function redirectUri(
  request: FastifyRequest,
  mandant: LoadedMandant,
  settings: AgencySsoSettings,
  language: string | undefined,
): string {
  return callbackUri(request, mandant, settings.redirectPath, language);
}
