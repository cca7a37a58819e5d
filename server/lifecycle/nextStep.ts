import { CASH_PAYOUT_WEEKS, VOUCHER_DELIVERY_HOURS } from '../../schemas/constants.ts';
import type { NaechsterSchritt } from '../../schemas/personalArea.ts';
import type { PraemienArt } from '../../schemas/praemien.ts';
import type { OrderReview, PraemierungStatus, RecommendationStatus } from '../db/DatabaseSchema.ts';

export interface NextStepFacts {
  status: RecommendationStatus;
  linkExpiresAt: Date;
  order: { concludedAt: Date | null; releaseDueAt: Date | null; review: OrderReview } | null;
  reward: {
    status: PraemierungStatus;
    art: PraemienArt | null;
    chosenAt: Date | null;
    chooseUntil: Date | null;
  } | null;
}

const plusHours = (moment: Date, hours: number) => new Date(moment.getTime() + hours * 3_600_000);

/**
 * What the recommender waits for next (issue 13, the dashboard's timeline), pure: the step and the date it
 * is due or expected by. Null when the recommendation has ended (Gezahlt, Storniert, Abgelaufen).
 */
export function nextStep(
  facts: NextStepFacts,
): { code: NaechsterSchritt['Schritt']; date: Date | null } | null {
  switch (facts.status) {
    case 'Offen':
      return { code: 'recipient_data', date: facts.linkExpiresAt };
    case 'Ok': {
      const { order } = facts;
      if (!order) return { code: 'order', date: null };
      if (order.review === 'pending') return { code: 'review', date: null };
      if (!order.concludedAt) return { code: 'contract', date: null };
      return { code: 'claim_period', date: order.releaseDueAt };
    }
    case 'Freigegeben': {
      const { reward } = facts;
      if (reward?.status !== 'Bereitgestellt') return null;
      if (!reward.chosenAt || !reward.art) return { code: 'choose_reward', date: reward.chooseUntil };
      if (reward.art === 'Geld')
        return { code: 'payout', date: plusHours(reward.chosenAt, CASH_PAYOUT_WEEKS * 7 * 24) };
      if (reward.art === 'Gutschein')
        return { code: 'voucher', date: plusHours(reward.chosenAt, VOUCHER_DELIVERY_HOURS) };
      return null;
    }
    default:
      return null;
  }
}
