import { formatMoney, rewardLabel, useT } from '../../runtime/index.ts';
import type { Praemie } from '../../schemas/products.ts';
import deck from '../shared/CardDeck.module.css';

export interface RewardBadgeProps {
  rewards: readonly Praemie[];
  /** Berlin wall-clock time in the wire format (domain/rewards.ts). */
  now: string;
}

/** SPEC 4: the active reward ('70,00 € Prämie'), or the highest of several ('bis zu 90,00 € Prämie'). */
export function RewardBadge({ rewards, now }: RewardBadgeProps) {
  const t = useT();
  const label = rewardLabel(rewards, now);
  if (!label) return null;
  const value = formatMoney(label.cents);
  return (
    <li className={deck.badge}>
      {t(label.kind === 'upTo' ? 'products.reward.upTo' : 'products.reward.fixed', { value })}
    </li>
  );
}
