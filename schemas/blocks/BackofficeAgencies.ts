import { textKey } from './common.ts';

/**
 * The back office's agencies (issue 15): the list (pending first), an agency's master data and the
 * decision on a pending agency (ability agencies). The page's h1.
 */
export const backofficeAgenciesPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, intro: textKey },
} as const;
