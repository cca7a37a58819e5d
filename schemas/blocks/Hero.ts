import { action, blockImage } from './blockImage.ts';
import { textKey } from './common.ts';

/**
 * The page's opening: headline (the h1), intro text, the main action (on the home page: where recommending
 * starts), an optional secondary link and the key visual, which is loaded first as the likely largest
 * paint.
 */
export const heroPropsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['headline'],
  properties: {
    headline: textKey,
    text: textKey,
    cta: action,
    secondaryCta: action,
    image: blockImage,
    align: { type: 'string', enum: ['start', 'center'], default: 'start' },
  },
} as const;
