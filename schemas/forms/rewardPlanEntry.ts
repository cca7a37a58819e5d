/** A date as the browser's date input gives it. */
export const DAY_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
/** An amount in euros as a person types it: up to six digits, cents after a comma or a point. */
export const EURO_PATTERN = '^\\s*\\d{1,6}([.,]\\d{1,2})?\\s*$';

/**
 * A product added to the agency's reward plan (issue 14, ability rewardPlanAdd): which product, what an
 * order of it earns the agency (in euros here; the block sends ProvisionCent) and from when (until when).
 * Body of POST /agentur/praemienplan: { ProduktId, ProvisionCent, GueltigAb, GueltigBis? }.
 */
export const rewardPlanEntrySchema = {
  $id: 'rewardPlanEntry',
  type: 'object',
  required: ['ProduktId', 'Provision', 'GueltigAb'],
  properties: {
    ProduktId: { type: 'string', minLength: 1, maxLength: 40, pattern: '\\S' },
    Provision: { type: 'string', minLength: 1, maxLength: 12, pattern: EURO_PATTERN },
    GueltigAb: { type: 'string', pattern: DAY_PATTERN },
    GueltigBis: { type: 'string', pattern: DAY_PATTERN },
  },
} as const;

export interface RewardPlanEntryData {
  ProduktId?: string;
  Provision?: string;
  GueltigAb?: string;
  GueltigBis?: string;
}

/** '40' → 4000, '12,5' → 1250 (the pattern has been checked). */
export function euroToCent(value: string): number {
  const [euros = '0', cents = ''] = value.trim().replace(',', '.').split('.');
  return Number(euros) * 100 + Number(cents.padEnd(2, '0') || '0');
}
