import { textKey } from './common.ts';

/** The /code page (SPEC 2, Code): a recommendation code leads to its recommendation. Renders the page's h1. */
export const codeEntryPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, intro: textKey },
} as const;
