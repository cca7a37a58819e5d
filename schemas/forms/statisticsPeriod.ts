import { DAY_PATTERN } from './rewardPlanEntry.ts';

/** The period of the agency's statistics (GET /agentur/statistik?von=&bis=). */
export const statisticsPeriodSchema = {
  $id: 'statisticsPeriod',
  type: 'object',
  required: ['von', 'bis'],
  properties: {
    von: { type: 'string', pattern: DAY_PATTERN },
    bis: { type: 'string', pattern: DAY_PATTERN },
  },
} as const;

export interface StatisticsPeriod {
  von?: string;
  bis?: string;
}
