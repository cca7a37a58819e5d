import { textKey } from './common.ts';

/** The agency's statistics: invitations, recommendations and orders over time, as chart and table (ability statistics). The page's h1. */
export const agencyStatisticsPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, intro: textKey },
} as const;
