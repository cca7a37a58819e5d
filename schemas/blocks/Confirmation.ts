import { textKey } from './common.ts';

/**
 * Recommendation confirmation (SPEC 2, Confirmation / EmpfehlungBestaetigung): after a recommendation that
 * waits for the recommender's e-mail confirmation, and the target of that mail's link (?optin=). Renders the
 * page's h1.
 */
export const confirmationPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey },
} as const;
