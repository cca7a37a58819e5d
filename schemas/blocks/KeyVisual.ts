import { contentKey } from './contentKey.ts';

/** A key visual from the content provider: headline (the page's h1), text, image and call to action. */
export const keyVisualPropsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['visual'],
  properties: { visual: contentKey },
} as const;
