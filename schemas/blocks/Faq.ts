import { textKey } from './common.ts';

/**
 * The FAQ from the content provider: a search field and one accordion per category. The headline is the
 * page's h1 (level 1) or an h2 under another block's h1 (level 2); categories and questions follow below.
 */
export const faqPropsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['headline'],
  properties: {
    headline: textKey,
    intro: textKey,
    level: { type: 'integer', enum: [1, 2], default: 1 },
    search: { type: 'boolean', default: true, description: 'Show the search field.' },
  },
} as const;
