import type { Praemie } from '../schemas/products.ts';

/**
 * Rewards as shown to users (SPEC sections 4 and 9), pure so that server and runtime decide alike. Money
 * stays in cents here; the one money formatter (`formatMoney`, domain/format.ts) turns cents into '70,00 €'.
 * "Now" is Berlin wall-clock time in the wire format YYYY-MM-DDThh:mm:ss, the format of the reward dates,
 * so comparing two of them is comparing strings.
 */

export type RewardWindow = Pick<Praemie, 'Startdatum' | 'Enddatum' | 'EnddatumAnzeige'>;
export type RewardValue = RewardWindow & Pick<Praemie, 'WertCent'>;

const day = (wireDateTime: string): string => wireDateTime.slice(0, 10);

/**
 * SPEC section 4, reward window: active when the start date is today or earlier and either there is no
 * end date, or the display end date is today or later, or the end date is not past.
 */
export function isRewardActive(reward: RewardWindow, now: string): boolean {
  const today = day(now);
  if (day(reward.Startdatum) > today) return false;
  if (reward.Enddatum === null) return true;
  if (reward.EnddatumAnzeige !== null && day(reward.EnddatumAnzeige) >= today) return true;
  return reward.Enddatum >= now;
}

export function activeRewards<T extends RewardWindow>(rewards: readonly T[], now: string): T[] {
  return rewards.filter((reward) => isRewardActive(reward, now));
}

export interface RewardRange {
  minCent: number;
  maxCent: number;
}

/**
 * SPEC section 4: the lowest and highest active reward value, shown as minimum or maximum ("bis zu …"
 * when they differ); null when no reward is active.
 */
export function activeRewardRange(rewards: readonly RewardValue[], now: string): RewardRange | null {
  const values = activeRewards(rewards, now).map((reward) => reward.WertCent);
  if (values.length === 0) return null;
  return { minCent: Math.min(...values), maxCent: Math.max(...values) };
}

/** The highest active reward of all products' rewards (GET /produkt/maxpraemiewert), or null. */
export function maxActiveReward<T extends RewardValue>(rewards: readonly T[], now: string): T | null {
  let best: T | null = null;
  for (const reward of activeRewards(rewards, now)) {
    if (best === null || reward.WertCent > best.WertCent) best = reward;
  }
  return best;
}

/** SPEC 5: the recommender's share is parsed as an integer percentage, default 100 (keeps everything). */
export const DEFAULT_SHARE_PERCENT = 100;

export function parseSharePercent(value: unknown): number {
  const parsed = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 100) return DEFAULT_SHARE_PERCENT;
  return parsed;
}

export interface RewardSplit {
  recommenderCent: number;
  recipientCent: number;
}

/**
 * Splits a reward between recommender and recipient (SPEC 1: the split option is 50:50). The recipient's
 * part is capped at MaxEmpfaengerPraemieCent (0 means no cap, the schema's default); what the cap cuts off
 * stays with the recommender, so the two parts always add up to the reward.
 */
export function splitReward(
  valueCent: number,
  recommenderPercent: number,
  maxRecipientCent = 0,
): RewardSplit {
  const share = parseSharePercent(recommenderPercent);
  const uncapped = Math.round((valueCent * (100 - share)) / 100);
  const recipientCent = maxRecipientCent > 0 ? Math.min(uncapped, maxRecipientCent) : uncapped;
  return { recommenderCent: valueCent - recipientCent, recipientCent };
}
