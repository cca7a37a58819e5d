import { link, textKey } from './common.ts';

/** The 404 page body: headline '404 - Datei nicht gefunden' by default and a way home. */
export const notFoundPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, text: textKey, back: link },
} as const;
