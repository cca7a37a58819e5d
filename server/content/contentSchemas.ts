/**
 * Request and response schemas of the content calls (wire shapes in schemas/content.ts). Rich-text
 * documents and their links pass the serializer whole (`additionalProperties: true`): they were sanitised
 * when resolved (server/content/resolveContent.ts).
 */

export const contentKeySchema = {
  type: 'string',
  pattern: '^[a-z0-9][a-z0-9-]{0,63}$',
  description: 'A content id: lower-case letters, digits and "-".',
} as const;

export const assetIdSchema = {
  type: 'string',
  pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$',
  description: 'Asset id: a file name of content/assets/ (embedded) or the CMS asset id.',
} as const;

const documentSchema = {
  type: 'object',
  description: 'A Contentful rich-text document.',
  additionalProperties: true,
} as const;

const linksSchema = {
  type: 'object',
  description: 'What embedded entries and assets point to: entries by link id, assets by id.',
  required: ['entries', 'assets'],
  properties: {
    entries: { type: 'object', additionalProperties: true },
    assets: { type: 'object', additionalProperties: true },
  },
} as const;

export const contentEntrySchema = {
  type: 'object',
  required: ['id', 'title', 'body', 'links'],
  properties: { id: { type: 'string' }, title: { type: 'string' }, body: documentSchema, links: linksSchema },
} as const;

export const faqSchema = {
  type: 'object',
  required: ['categories', 'items', 'links'],
  properties: {
    categories: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'title'],
        properties: { id: { type: 'string' }, title: { type: 'string' } },
      },
    },
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'category', 'question', 'answer'],
        properties: {
          id: { type: 'string' },
          category: { type: 'string' },
          question: { type: 'string' },
          answer: documentSchema,
        },
      },
    },
    links: linksSchema,
  },
} as const;

export const keyVisualSchema = {
  type: 'object',
  required: ['id', 'headline'],
  properties: {
    id: { type: 'string' },
    headline: { type: 'string' },
    text: { type: 'string' },
    image: {
      type: 'object',
      required: ['id', 'url', 'alt'],
      properties: { id: { type: 'string' }, url: { type: 'string' }, alt: { type: 'string' } },
    },
    cta: {
      type: 'object',
      required: ['label', 'route'],
      properties: { label: { type: 'string' }, route: { type: 'string' } },
    },
  },
} as const;

/** SPEC section 3: Footnote. */
export const footnoteSchema = {
  type: 'object',
  required: ['Id', 'Identifier', 'Gruppe', 'Titel', 'Inhalt'],
  properties: {
    Id: { type: 'integer' },
    Identifier: { type: 'string' },
    Gruppe: { type: 'string' },
    Titel: { type: 'string' },
    Inhalt: { type: 'string' },
  },
} as const;

export const variablesSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['name', 'value'],
    properties: { name: { type: 'string' }, value: { type: 'string' } },
  },
} as const;

export const variablesBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    names: {
      type: 'array',
      maxItems: 200,
      // The shape of a variable name (cmsMapping's VARIABLE_NAME): anything else is no variable, and the
      // unresolved-name warning would otherwise log whatever a client sent (issue 17's canary).
      items: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[a-zA-Z][a-zA-Z0-9._-]{0,63}$' },
      description: 'Variable names; without it, all variables.',
    },
  },
} as const;
