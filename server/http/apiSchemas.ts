import { AGENCY_ABILITIES } from '../../domain/agencyAbilities.ts';
import { BACKOFFICE_ABILITIES, BACKOFFICE_ROLES } from '../../domain/backofficeAbilities.ts';
import { AGENCY_ROLES } from '../../schemas/account.ts';
import { ERRORS } from '../../schemas/errors.ts';
import mandantSchema from '../../schemas/mandant.schema.json' with { type: 'json' };
import pageSchema from '../../schemas/page.schema.json' with { type: 'json' };

/**
 * Response schemas of the API calls, registered once with `app.addSchema` and used
 * by `$ref`. They drive both the serializer (which drops anything not listed: no secret can slip into a
 * response) and the OpenAPI document at /api/docs. Built from the same JSON Schemas the mandant files are
 * validated with, so the two cannot drift.
 */
type JsonSchema = Record<string, unknown>;

const ref = (id: string): JsonSchema => ({ $ref: `${id}#` });

export const ApiErrorSchema = {
  $id: 'ApiError',
  type: 'object',
  description:
    'An error: a code from the catalogue (schemas/errors.ts) and its message in the request language.',
  required: ['code', 'message'],
  properties: {
    code: { type: 'string', enum: Object.keys(ERRORS) },
    message: { type: 'string' },
    details: {
      type: 'array',
      description: 'For validation errors: where (JSON pointer into the body) and why.',
      items: {
        type: 'object',
        required: ['pointer', 'reason'],
        properties: { pointer: { type: 'string' }, reason: { type: 'string' } },
      },
    },
    hint: { type: 'string', description: 'A hint for operators, e.g. how to build the runtime.' },
  },
} as const;

export const KeyValueSchema = {
  $id: 'KeyValue',
  type: 'object',
  required: ['Key', 'Value'],
  properties: { Key: { type: 'string' }, Value: { type: 'string' } },
} as const;

export const RouteEntrySchema = {
  $id: 'RouteEntry',
  type: 'object',
  required: ['Route', 'RouteName'],
  properties: { Route: { type: 'string' }, RouteName: { type: 'string' } },
} as const;

const SupportedLanguageSchema = structuredClone(mandantSchema.properties.SupportedLanguage);

function pageFileSchema(): JsonSchema {
  const { $schema: _schema, ...properties } = structuredClone(pageSchema.properties);
  const {
    remove: _remove,
    before: _before,
    after: _after,
    ...blockProperties
  } = properties.blocks.items.properties;
  return {
    $id: 'PageFile',
    type: 'object',
    description: 'A page merged over _base: blocks rendered top to bottom.',
    properties: {
      ...properties,
      blocks: {
        ...properties.blocks,
        items: {
          ...properties.blocks.items,
          properties: {
            ...blockProperties,
            // Props differ per block type (schemas/blocks); the serializer must pass them through whole.
            props: { ...blockProperties.props, additionalProperties: true },
          },
        },
      },
    },
  };
}

function mandantResponseSchema(): JsonSchema {
  const {
    $schema: _schema,
    hosts: _hosts,
    default: _default,
    // Server only (integration keys, webhooks, payouts): never part of the public answer.
    programme: _programme,
    content,
    ...properties
  } = structuredClone(mandantSchema.properties);
  return {
    $id: 'MandantResponse',
    type: 'object',
    description:
      'The public configuration of a mandant, merged over _base with defaults applied. Theme asset names are URLs under /mandant-assets/{id}/; of the content source only the provider is shown.',
    additionalProperties: false,
    required: ['id', 'name', 'SupportedLanguage', 'routes', 'pages'],
    properties: {
      id: { type: 'string', description: 'The mandant id (its folder name).' },
      ...properties,
      content: {
        type: 'object',
        additionalProperties: false,
        required: ['provider'],
        properties: { provider: content.properties.provider },
      },
      pages: {
        type: 'object',
        description: 'Pages keyed by route name.',
        additionalProperties: ref('PageFile'),
      },
    },
  };
}

export const DefaultRoutesResponseSchema = {
  $id: 'DefaultRoutesResponse',
  type: 'object',
  required: ['SupportedLanguage', 'Routes'],
  properties: {
    SupportedLanguage: SupportedLanguageSchema,
    Routes: {
      type: 'object',
      description: 'Route name → path below /{locale}.',
      additionalProperties: { type: 'string' },
    },
  },
};

export const LanguageContentResponseSchema = {
  $id: 'LanguageContentResponse',
  type: 'object',
  required: ['Languages'],
  properties: { Languages: { type: 'array', items: ref('KeyValue') } },
} as const;

export const HealthResponseSchema = {
  $id: 'HealthResponse',
  type: 'object',
  required: ['status', 'database', 'mandants'],
  properties: {
    status: { type: 'string', enum: ['ok', 'unavailable'] },
    database: { type: 'string', enum: ['ok', 'unavailable'] },
    mandants: { type: 'integer', description: 'Number of loaded mandants.' },
  },
} as const;

export const HealthUnavailableSchema = {
  $id: 'HealthUnavailable',
  type: 'object',
  description: 'PSOF0003 plus the health fields, so monitors and the runtime both understand it.',
  required: ['code', 'message', 'status', 'database', 'mandants'],
  properties: { ...ApiErrorSchema.properties, ...HealthResponseSchema.properties },
} as const;

/** schemas/account.ts LoginResponse: the answer of login, admin login, current user and language change. */
export const LoginResponseSchema = {
  $id: 'LoginResponse',
  type: 'object',
  description: 'The logged-in recommender and a session token (SPEC section 7, Account).',
  required: [
    'Email',
    'Anrede',
    'Vorname',
    'Nachname',
    'Empfehlerhash',
    'Token',
    'NewsletterOptinGegeben',
    'NewsletterOptinVersendetAm',
    'Language',
  ],
  properties: {
    Email: { type: 'string' },
    Anrede: { type: 'string' },
    Vorname: { type: 'string' },
    Nachname: { type: 'string' },
    Empfehlerhash: { type: 'string', description: 'The recommender’s public id in recommendation links.' },
    Token: {
      type: 'string',
      description: 'Session token (JWT, HS256; claims sub, mnd, kind, jti, iat, exp). Send it as Bearer.',
    },
    NewsletterOptinGegeben: { type: 'boolean' },
    NewsletterOptinVersendetAm: {
      type: ['string', 'null'],
      description: 'When the opt-in mail was sent, YYYY-MM-DDThh:mm:ss (Europe/Berlin), or null.',
    },
    Language: { type: 'string', description: 'Two-letter code of the language the recommender chose.' },
  },
} as const;

export const AgencyTokenResponseSchema = {
  $id: 'AgencyTokenResponse',
  type: 'object',
  description: 'The agency user behind a valid agency token.',
  required: ['Token', 'Roles', 'Email', 'Name', 'Abilities', 'Agentur'],
  properties: {
    Token: { type: 'string' },
    Roles: { type: 'array', items: { type: 'string', enum: [...AGENCY_ROLES] } },
    Email: { type: 'string' },
    Name: { type: 'string' },
    Abilities: {
      type: 'array',
      items: { type: 'string', enum: [...AGENCY_ABILITIES] },
      description: 'What the roles allow (SPEC 6); the agency area shows exactly these entries.',
    },
    Agentur: {
      type: ['object', 'null'],
      required: ['Agenturnummer', 'Firma'],
      properties: { Agenturnummer: { type: 'string' }, Firma: { type: 'string' } },
    },
  },
} as const;

const backofficeUserProperties = {
  Email: { type: 'string' },
  Name: { type: 'string' },
  Rollen: { type: 'array', items: { type: 'string', enum: [...BACKOFFICE_ROLES] } },
  Faehigkeiten: {
    type: 'array',
    items: { type: 'string', enum: [...BACKOFFICE_ABILITIES] },
    description: 'What the roles allow (issue 15); the back office shows exactly these sections and buttons.',
  },
} as const;

export const BackofficeUserResponseSchema = {
  $id: 'BackofficeUserResponse',
  type: 'object',
  description: 'The signed-in back-office user.',
  required: ['Email', 'Name', 'Rollen', 'Faehigkeiten'],
  properties: backofficeUserProperties,
} as const;

export const BackofficeTokenResponseSchema = {
  $id: 'BackofficeTokenResponse',
  type: 'object',
  description: 'The back-office user after the sign-in, with the session token.',
  required: ['Token', 'Email', 'Name', 'Rollen', 'Faehigkeiten'],
  properties: { Token: { type: 'string' }, ...backofficeUserProperties },
} as const;

/** Every shared schema, in an order where each `$ref` target comes first. */
export const API_SCHEMAS: JsonSchema[] = [
  ApiErrorSchema,
  KeyValueSchema,
  RouteEntrySchema,
  pageFileSchema(),
  mandantResponseSchema(),
  DefaultRoutesResponseSchema,
  LanguageContentResponseSchema,
  HealthResponseSchema,
  HealthUnavailableSchema,
  LoginResponseSchema,
  AgencyTokenResponseSchema,
  BackofficeUserResponseSchema,
  BackofficeTokenResponseSchema,
];

export { ref };
