import { textKey } from './common.ts';

/**
 * The back office's payout runs (issue 15): the runs, a new run (ability payouts), a run's rewards with
 * total and count, the SEPA download and "executed" (ability payouts). The page's h1.
 */
export const backofficePayoutsPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, intro: textKey },
} as const;
