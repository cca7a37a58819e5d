import { textKey } from './common.ts';

/** My data (SPEC 2, Settings / MeineDaten): own data, newsletter double opt-in, bank data link, data export and account deletion. The page's h1. */
export const myDataPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, intro: textKey },
} as const;
