import { textKey } from './common.ts';

/**
 * The thanks page after an offline recommendation (SPEC 2, Thanks / DankeStepsOfflineEmpfehlung): the
 * recommendation code and the four steps to the reward (new-customer contract concluded, data confirmed,
 * order confirmed by the client, reward received). Renders the page's h1.
 */
export const thanksStepsPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    headline: textKey,
    intro: textKey,
    steps: {
      type: 'array',
      minItems: 4,
      maxItems: 4,
      description: 'SPEC 4: exactly the four steps, in order.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['title', 'text'],
        properties: { title: textKey, text: textKey },
      },
    },
  },
} as const;
