import { textKey } from './common.ts';

/**
 * The share page of a recommendation (SPEC 2, RecommendationShare / EmpfehlungTeilen with {empfehlungsnummer}):
 * the link or short link, the enabled channels in rank order, copy, QR code and offline code. The message
 * is sent from the recommender's own mailbox or messenger. Renders the page's h1.
 */
export const recommendationSharePropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, intro: textKey },
} as const;
