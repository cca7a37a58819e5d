import { textKey } from './common.ts';

/** How it works: numbered steps (e.g. recommend, friend orders, reward). */
export const stepsPropsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['headline', 'steps'],
  properties: {
    headline: textKey,
    steps: {
      type: 'array',
      minItems: 1,
      maxItems: 6,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['title', 'text'],
        properties: { title: textKey, text: textKey },
      },
    },
  },
} as const;
