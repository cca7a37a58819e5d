import { AGENT_PAGE_SIZE } from '../../schemas/constants.ts';
import productsSchema from '../../schemas/products.schema.json' with { type: 'json' };
import { mandantParamsSchema } from '../http/mandantParam.ts';

/**
 * Request and response schemas of the product calls. Responses are built from products.schema.json — the
 * schema the product files are validated with — so the wire cannot drift from the data: each record
 * definition is inlined (the serializer and the OpenAPI document need no cross-file references).
 */
type JsonSchema = Record<string, unknown>;
type Definition = keyof typeof productsSchema.definitions;

function inline(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(inline);
  if (typeof value !== 'object' || value === null) return value;
  const { $ref, if: _if, then: _then, ...rest } = value as Record<string, unknown>;
  const resolved: Record<string, unknown> =
    typeof $ref === 'string'
      ? {
          ...(inline(productsSchema.definitions[$ref.replace('#/definitions/', '') as Definition]) as object),
        }
      : {};
  for (const [key, sub] of Object.entries(rest)) resolved[key] = inline(sub);
  return resolved;
}

export function recordSchema(name: Definition): JsonSchema {
  return inline(productsSchema.definitions[name]) as JsonSchema;
}

const festnetz = recordSchema('festnetzProdukt');
const mobilfunk = recordSchema('mobilfunkAngebot');
const generisch = recordSchema('generischesProdukt');
const agent = recordSchema('berater');

export const productSchema: JsonSchema = { anyOf: [festnetz, mobilfunk, generisch] };
export const productOrAgentSchema: JsonSchema = { anyOf: [festnetz, mobilfunk, generisch, agent] };
export const productListSchema: JsonSchema = { type: 'array', items: productSchema };
export const productOrAgentListSchema: JsonSchema = { type: 'array', items: productOrAgentSchema };
export const offerListSchema: JsonSchema = { type: 'array', items: mobilfunk };
export const categoryListSchema: JsonSchema = { type: 'array', items: recordSchema('produktkategorie') };
export const agentSchema = agent;
export const agentListSchema: JsonSchema = { type: 'array', items: agent };

export const agentSearchResultSchema: JsonSchema = {
  type: 'object',
  description: 'SPEC 3, agent search result: one page of agents.',
  required: ['Content', 'HasNext', 'PageCount', 'TotalCount'],
  properties: {
    Content: agentListSchema,
    HasNext: { type: 'boolean', description: 'A later page exists.' },
    PageCount: { type: 'integer', description: 'Pages of this size for the query.' },
    TotalCount: { type: 'integer', description: 'Agents matching the query.' },
  },
};

export const maxRewardSchema: JsonSchema = {
  type: 'object',
  description: 'The highest reward active today (SPEC 4), or nulls when none is.',
  required: ['WertCent', 'Wert'],
  properties: {
    WertCent: { type: ['integer', 'null'] },
    Wert: { type: ['string', 'null'], description: "de-DE display text, e.g. '110,00 €'." },
  },
};

export const manufacturerListSchema: JsonSchema = { type: 'array', items: { type: 'string' } };

const quelle = { type: 'string', enum: ['festnetz', 'mobilfunk'], description: 'Source of the catalogue.' };
const kategorie = {
  type: 'string',
  pattern: '^[a-z]+(-[a-z]+)*$',
  maxLength: 40,
  description: "A category's Kategorie: a festnetz Gruppe (prefix) or a mobilfunk GeraeteTyp.",
};
const positiveId = { type: 'integer', minimum: 1, maximum: 2_147_483_647 };

export const productListQuerySchema = {
  type: 'object',
  properties: {
    quelle,
    kategorie,
    tarifId: { ...positiveId, description: 'Only mobile offers of this tariff.' },
    tarifart: productsSchema.definitions.produktkategorie.properties.Tarifart,
    hersteller: { type: 'string', minLength: 1, maxLength: 40, description: 'Only devices of this maker.' },
  },
} as const;

export const productQuerySchema = {
  type: 'object',
  properties: {
    quelle,
    handyId: {
      ...positiveId,
      description: 'With quelle=mobilfunk: the offer of tariff {id} with this device.',
    },
  },
} as const;

export const manufacturerQuerySchema = {
  type: 'object',
  required: ['kategorie'],
  properties: { kategorie },
} as const;

export const agentSearchQuerySchema = {
  type: 'object',
  properties: {
    query: { type: 'string', maxLength: 100, default: '', description: 'Words of name, post code or city.' },
    page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
    pagesize: { type: 'integer', minimum: 1, maximum: 60, default: AGENT_PAGE_SIZE },
  },
} as const;

/** Product ids are integers, agent ids (ExterneId) short words; both travel as the {id} segment. */
export const idParamsSchema = {
  type: 'object',
  required: ['mandant', 'id'],
  properties: {
    ...mandantParamsSchema.properties,
    id: {
      type: 'string',
      pattern: '^[A-Za-z0-9][A-Za-z0-9-]{0,39}$',
      description: 'Product id or agent id.',
    },
  },
} as const;

export const categoryIdParamsSchema = {
  type: 'object',
  required: ['mandant', 'id'],
  properties: { ...mandantParamsSchema.properties, id: positiveId },
} as const;
