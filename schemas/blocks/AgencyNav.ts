import { textKey } from './common.ts';

/** The agency area's navigation: the sections the logged-in agency user may use (SPEC 2, SPEC 6). */
export const agencyNavPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { label: textKey },
} as const;
