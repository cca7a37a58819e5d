import { textKey } from './common.ts';

/** The profi-seller's commission lines with status and a plain explanation. The page's h1. */
export const profiCommissionsPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, intro: textKey },
} as const;
