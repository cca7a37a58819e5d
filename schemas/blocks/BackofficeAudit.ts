import { textKey } from './common.ts';

/** The back office's audit log (issue 15): filters and export. */
export const backofficeAuditPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, intro: textKey },
} as const;
