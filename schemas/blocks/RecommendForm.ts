import { textKey } from './common.ts';

/**
 * The recommendation form (SPEC 2, Recommendation / Empfehlen; AgentRecommendations / EmpfehlenAgent;
 * RecommendEmployee): the recommender's data, terms, reward split, campaigns and the captcha where the
 * server asks for one. Renders the page's h1.
 */
export const recommendFormPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    headline: textKey,
    intro: textKey,
    variant: {
      type: 'string',
      enum: ['standard', 'agent', 'company'],
      default: 'standard',
      description:
        'standard; agent: a call-centre agent enters it for a customer (ModuleAgentRecommendation); company: a company recommends to its employees (ModuleCompanyRecommendation).',
    },
    productId: {
      type: 'string',
      minLength: 1,
      maxLength: 64,
      description:
        'The product recommended when the route has no :productId (RecommendEmployee); else the query ?produkt= names it.',
    },
  },
} as const;
