import type { FastifyPluginAsync } from 'fastify';
import type { ApiSchluessel, ApiSchluesselMitGeheimnis } from '../../../schemas/backofficeIntegration.ts';
import {
  type BackofficeApiKeyData,
  type BackofficeApiKeyRotationData,
  backofficeApiKeyRotationSchema,
  backofficeApiKeySchema,
} from '../../../schemas/forms/backofficeApiKey.ts';
import { bodySchemaOf } from '../../http/formBodySchema.ts';
import {
  errorResponses,
  type MandantParams,
  mandantParamsSchema,
  requireMandant,
} from '../../http/mandantParam.ts';
import { backofficeOf } from '../backofficeAuthPlugin.ts';
import { createIntegrationKeyService } from './integrationKeyService.ts';

const nullableTime = {
  type: ['string', 'null'],
  description: 'YYYY-MM-DDThh:mm:ss (Europe/Berlin).',
} as const;

export const apiKeySchema = {
  type: 'object',
  required: [
    'Id',
    'Name',
    'Quelle',
    'Status',
    'Angelegt',
    'Rotiert',
    'Widerrufen',
    'AltesGeheimnisBis',
    'Version',
  ],
  properties: {
    Id: { type: 'string', description: 'The X-Api-Key header value.' },
    Name: { type: 'string' },
    Quelle: {
      type: 'string',
      enum: ['datenbank', 'konfiguration'],
      description:
        'datenbank: made in the back office; konfiguration: programme.integrationKeys (read-only).',
    },
    Status: { type: 'string', enum: ['active', 'revoked'] },
    Angelegt: nullableTime,
    Rotiert: nullableTime,
    Widerrufen: nullableTime,
    AltesGeheimnisBis: { ...nullableTime, description: 'Until when the previous secret still works.' },
    Version: { type: 'integer', description: 'Send it back with rotate and revoke (else 409 PSOF0705).' },
  },
} as const;

const apiKeyWithSecretSchema = {
  ...apiKeySchema,
  required: [...apiKeySchema.required, 'Geheimnis'],
  properties: {
    ...apiKeySchema.properties,
    Geheimnis: { type: 'string', description: 'whsec_…: shown in this answer only, never again.' },
  },
} as const;

const keyParamsSchema = {
  type: 'object',
  required: ['mandant', 'id'],
  properties: {
    ...mandantParamsSchema.properties,
    id: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,31}$' },
  },
} as const;

const versionProperty = { Version: { type: 'integer', minimum: 0 } } as const;

const rotateBodySchema = {
  ...bodySchemaOf(backofficeApiKeyRotationSchema),
  required: ['Version'],
  properties: { ...backofficeApiKeyRotationSchema.properties, ...versionProperty },
} as const;

const revokeBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Version'],
  properties: versionProperty,
} as const;

type KeyParams = MandantParams & { id: string };

/** API keys of the integration API (issue 15): list, create, rotate, revoke; ability apiKeys (admins). */
export const integrationKeyRoutes: FastifyPluginAsync = async (app) => {
  const keys = createIntegrationKeyService({ db: app.database.kysely, cipher: app.fieldCipher });
  const onRequest = app.authenticateBackoffice('apiKeys');

  app.get<{ Params: MandantParams }>(
    '/:mandant/backoffice/integration/schluessel',
    {
      onRequest,
      schema: {
        tags: ['backoffice'],
        summary: 'The integration API keys: made in the back office, then those of the config',
        description:
          'Never a secret. Keys from the config (programme.integrationKeys, secrets in environment variables) are listed read-only.',
        params: mandantParamsSchema,
        response: {
          200: {
            type: 'object',
            required: ['Schluessel'],
            properties: { Schluessel: { type: 'array', items: apiKeySchema } },
          },
          ...errorResponses,
        },
      },
    },
    async (request): Promise<{ Schluessel: ApiSchluessel[] }> => ({
      Schluessel: await keys.list(requireMandant(app.mandants, backofficeOf(request).mandantId)),
    }),
  );

  app.post<{ Params: MandantParams; Body: BackofficeApiKeyData & { Name: string } }>(
    '/:mandant/backoffice/integration/schluessel',
    {
      onRequest,
      schema: {
        tags: ['backoffice'],
        summary: 'Create an integration API key; the answer carries its secret, once',
        description:
          'The key id (X-Api-Key) is generated (bo-…); the secret (whsec_…) is stored encrypted and shown only in this answer. Audited as apiKey.created (without the secret).',
        params: mandantParamsSchema,
        body: bodySchemaOf(backofficeApiKeySchema),
        response: { 201: apiKeyWithSecretSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const admin = backofficeOf(request);
      const created: ApiSchluesselMitGeheimnis = await keys.create(
        requireMandant(app.mandants, admin.mandantId),
        admin,
        request.body.Name,
      );
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.post<{ Params: KeyParams; Body: BackofficeApiKeyRotationData & { Version: number } }>(
    '/:mandant/backoffice/integration/schluessel/:id/rotieren',
    {
      onRequest,
      schema: {
        tags: ['backoffice'],
        summary: 'Rotate an API key: a new secret, shown once; the old one stops working',
        description:
          'The previous secret is refused from this moment (UeberlappungMinuten 0, the default) or after UeberlappungMinuten (at most 60), so a deployment can switch over. Version as listed, else 409 PSOF0705. Unknown key or one of the config: 404 PSOF0810; revoked: 409 PSOF0811. Audited as apiKey.rotated.',
        params: keyParamsSchema,
        body: rotateBodySchema,
        response: { 200: apiKeyWithSecretSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const rotated = await keys.rotate(
        backofficeOf(request),
        request.params.id,
        request.body.Version,
        request.body.UeberlappungMinuten ?? 0,
      );
      return reply.header('cache-control', 'no-store').send(rotated);
    },
  );

  app.post<{ Params: KeyParams; Body: { Version: number } }>(
    '/:mandant/backoffice/integration/schluessel/:id/widerrufen',
    {
      onRequest,
      schema: {
        tags: ['backoffice'],
        summary: 'Revoke an API key: every request with it is refused from now on',
        description:
          'Version as listed, else 409 PSOF0705; unknown key or one of the config: 404 PSOF0810. Revoking a revoked key answers it unchanged. Audited as apiKey.revoked.',
        params: keyParamsSchema,
        body: revokeBodySchema,
        response: { 200: apiKeySchema, ...errorResponses },
      },
    },
    async (request): Promise<ApiSchluessel> =>
      keys.revoke(backofficeOf(request), request.params.id, request.body.Version),
  );
};
