import { textKey } from './common.ts';

/** The agency area's start: who is logged in, and logout (SPEC 2, agency area). */
export const agencyOverviewPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey },
} as const;
