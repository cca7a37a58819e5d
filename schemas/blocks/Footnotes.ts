import { textKey } from './common.ts';

/** The footnotes of one Gruppe (or all) from the content provider, as a list under a headline (h2). */
export const footnotesPropsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['headline'],
  properties: {
    headline: textKey,
    group: { type: 'string', minLength: 1, maxLength: 64, description: 'Gruppe of the footnotes to show.' },
  },
} as const;
