import { image, link, textKey } from './common.ts';

/** Key visual: headline, intro text, a call to action and an optional image. */
export const heroPropsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['headline'],
  properties: {
    headline: textKey,
    text: textKey,
    cta: link,
    image,
    align: { type: 'string', enum: ['start', 'center'], default: 'start' },
  },
} as const;
