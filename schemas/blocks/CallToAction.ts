import { link, textKey } from './common.ts';

/** A highlighted band with a headline, a sentence and one button. */
export const callToActionPropsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['headline', 'button'],
  properties: { headline: textKey, text: textKey, button: link },
} as const;
