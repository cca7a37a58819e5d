import { textKey } from './common.ts';

/** A headline and paragraphs of plain text (legal and help pages until rich content replaces them). */
export const textSectionPropsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['headline', 'paragraphs'],
  properties: {
    headline: textKey,
    level: { type: 'integer', enum: [1, 2], default: 2 },
    paragraphs: { type: 'array', items: textKey },
  },
} as const;
