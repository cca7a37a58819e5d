import { formatDate, formatMoney, useT } from '../../runtime/index.ts';
import type { RecipientRecommendation } from '../../schemas/recipient.ts';
import styles from '../shared/RecipientForm.module.css';

/** What the recommendation offers the recipient: who recommends, which product, their part of the reward. */
export function RecommendationFacts({ recommendation }: { recommendation: RecipientRecommendation }) {
  const t = useT();
  const { EmpfehlerVorname, ProduktName, Praemie, GueltigBis } = recommendation;
  return (
    <div className={styles.facts}>
      <p>
        {EmpfehlerVorname
          ? t('recipient.data.recommendedBy', { vorname: EmpfehlerVorname })
          : t('recipient.data.recommended')}
      </p>
      {ProduktName && (
        <p>
          {t('recipient.data.product')} <span className={styles.factValue}>{ProduktName}</span>
        </p>
      )}
      {Praemie && (
        <p>
          {t('recipient.reward')} <span className={styles.factValue}>{formatMoney(Praemie.WertCent)}</span>
        </p>
      )}
      <p>{t('recipient.data.validUntil', { datum: formatDate(GueltigBis) })}</p>
    </div>
  );
}
