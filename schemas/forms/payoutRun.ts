import { DAY_PATTERN } from './rewardPlanEntry.ts';

/**
 * A new payout run in the back office (issue 15, ability payouts): the day the bank is to execute it. Body
 * of POST backoffice/auszahlungen/laeufe; the run takes every due cash reward with bank details.
 */
export const payoutRunSchema = {
  $id: 'payoutRun',
  type: 'object',
  required: ['Ausfuehrungsdatum'],
  additionalProperties: false,
  properties: {
    Ausfuehrungsdatum: { type: 'string', pattern: DAY_PATTERN },
  },
} as const;

export interface PayoutRunData {
  Ausfuehrungsdatum?: string;
}
