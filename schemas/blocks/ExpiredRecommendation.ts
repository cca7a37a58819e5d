import { link, textKey } from './common.ts';

/**
 * SPEC 2, ExpiredRecommendation: 'Diese Empfehlung ist leider nicht mehr möglich' and the invitation to
 * recommend oneself (SPEC 9: the expired-recommendation text says 50 euro). Renders the page's h1.
 */
export const expiredRecommendationPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, text: textKey, cta: link },
} as const;
