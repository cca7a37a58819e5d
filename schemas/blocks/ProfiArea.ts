import { textKey } from './common.ts';

/** The profi-seller's own area: own data, bank data, the agreement, every credit note, the password. The page's h1. */
export const profiAreaPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, intro: textKey },
} as const;
