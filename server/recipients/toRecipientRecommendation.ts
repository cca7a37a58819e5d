import { wireDateTime } from '../../domain/format.ts';
import { splitReward } from '../../domain/rewards.ts';
import type { MandantConfig } from '../../schemas/api.ts';
import type { RecipientRecommendation, RecipientReward } from '../../schemas/recipient.ts';
import type { RecommendationRecord } from './recipientRepository.ts';
import { isRecommendationExpired } from './recommendationState.ts';

type RewardConfig = Pick<MandantConfig, 'MaxEmpfaengerPraemieCent'>;

/**
 * The recipient's part of the reward shown when the recommendation was made: praemie_cent ×
 * (100 − AnteilEmpfehler) %, capped by MaxEmpfaengerPraemieCent (domain/rewards.ts, splitReward).
 */
export function recipientReward(
  recommendation: Pick<RecommendationRecord, 'praemieCent' | 'anteilEmpfehler'>,
  config: RewardConfig,
): RecipientReward {
  const { recipientCent } = splitReward(
    recommendation.praemieCent ?? 0,
    recommendation.anteilEmpfehler,
    config.MaxEmpfaengerPraemieCent,
  );
  return { WertCent: recipientCent, AnteilEmpfaenger: 100 - recommendation.anteilEmpfehler };
}

/** The recommendation as its recipient sees it (schemas/recipient.ts): no recommender data beyond the first name. */
export function toRecipientRecommendation(
  recommendation: RecommendationRecord,
  config: RewardConfig & Pick<MandantConfig, 'ModuleStoringBankdata'>,
  productName: string | null,
  now: Date,
): RecipientRecommendation {
  const reward = recipientReward(recommendation, config);
  return {
    Empfehlungsnummer: recommendation.empfehlungsnummer,
    Hex: recommendation.linkHex,
    ProduktId: recommendation.produktId,
    ProduktQuelle: recommendation.produktQuelle,
    ProduktName: productName,
    EmpfehlerVorname: recommendation.empfehlerVorname,
    AnteilEmpfehler: recommendation.anteilEmpfehler,
    Praemie: reward.WertCent > 0 ? reward : null,
    GueltigBis: wireDateTime(recommendation.linkExpiresAt),
    Abgelaufen: isRecommendationExpired(recommendation, now),
    BankdatenErforderlich: config.ModuleStoringBankdata,
  };
}
