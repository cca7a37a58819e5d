import { maxActiveReward, splitReward } from '../../domain/rewards.ts';
import type { Praemie } from '../../schemas/products.ts';

/**
 * The reward an order earns (issue 13, SPEC 1): the highest Praemie of the product actually ordered that
 * was active on the order date; a product without rewards of its own (agents, generic products) earns
 * what the recommendation showed. Split by AnteilEmpfehler, the recipient's part capped.
 */
export function orderReward(input: {
  praemien: readonly Praemie[];
  orderDate: string;
  shownCent: number | null;
  anteilEmpfehler: number;
  maxRecipientCent: number;
}): { recommenderCent: number; recipientCent: number } {
  const active = maxActiveReward(input.praemien, `${input.orderDate}T12:00:00`);
  const value = active?.WertCent ?? (input.praemien.length === 0 ? (input.shownCent ?? 0) : 0);
  return splitReward(value, input.anteilEmpfehler, input.maxRecipientCent);
}
