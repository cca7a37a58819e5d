import { contentKey } from './contentKey.ts';

/**
 * A content entry (imprint, privacy, terms, …) from the mandant's content provider: its title as the
 * heading (h1 by default, the page's only one), its rich-text body and the footnotes it refers to.
 */
export const contentPagePropsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['entry'],
  properties: {
    entry: contentKey,
    level: { type: 'integer', enum: [1, 2], default: 1 },
  },
} as const;
