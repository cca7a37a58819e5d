import { useId } from 'react';
import {
  failureMessage,
  formatDate,
  formatMoney,
  RouteLink,
  useRecommender,
  useT,
} from '../../runtime/index.ts';
import panel from '../shared/Panel.module.css';
import styles from '../shared/PersonalArea.module.css';
import { useLoaded } from '../shared/useLoaded.ts';
import type { RewardOverviewProps } from './schema.ts';

/**
 * Every reward of the recommender (SPEC 2, RewardOverview) with its status — Offen, Bereitgestellt,
 * Ausgezahlt, Abgeholt, Storniert, Abgelaufen — named and explained in plain language, what was chosen,
 * and the way to choose where that is still possible.
 */
export function RewardOverview({
  headline = 'rewardOverview.headline',
  intro = 'rewardOverview.intro',
}: RewardOverviewProps) {
  const t = useT();
  const id = useId();
  const recommender = useRecommender();
  const [rewards] = useLoaded(() => recommender.loadRewards(), [recommender.loadRewards]);

  return (
    <section className={styles.section} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline)}</h1>
        <p>{t(intro)}</p>
        {rewards.state === 'loading' && <p aria-live="polite">{t('personalArea.loading')}</p>}
        {rewards.state === 'failed' && (
          <p className={panel.alert} role="alert">
            {failureMessage(t, rewards.error)}
          </p>
        )}
        {rewards.state === 'done' && rewards.value.length === 0 && <p>{t('rewardOverview.empty')}</p>}
        {rewards.state === 'done' && rewards.value.length > 0 && (
          <ul className={styles.cards}>
            {rewards.value.map((reward) => (
              <li key={reward.Id} className={styles.card}>
                <h2>{formatMoney(reward.WertCent)}</h2>
                <p className={styles.status}>
                  <span className={styles.statusName}>
                    <span className="visually-hidden">{t('rewardOverview.status')}: </span>
                    {reward.Status}
                  </span>
                  {t(`status.praemierung.${reward.Status}`)}
                </p>
                <dl className={styles.facts}>
                  {reward.Empfehlungsnummer && (
                    <>
                      <dt>{t('rewardOverview.recommendation')}</dt>
                      <dd>{reward.Empfehlungsnummer}</dd>
                    </>
                  )}
                  <dt>{t('rewardOverview.choice')}</dt>
                  <dd>
                    {reward.Praemie
                      ? `${reward.Praemie.Titel}${reward.GewaehltAm ? ` (${formatDate(reward.GewaehltAm)})` : ''}`
                      : t('rewardOverview.notChosen')}
                  </dd>
                </dl>
                {reward.Waehlbar && (
                  <div>
                    <RouteLink
                      to="Reward"
                      search={`?praemierung=${encodeURIComponent(reward.Id)}`}
                      className="button"
                      aria-label={t('dashboard.chooseRewardFor', { nr: reward.Empfehlungsnummer ?? '' })}
                    >
                      {t('dashboard.chooseReward')}
                    </RouteLink>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
        <div className={styles.actions}>
          <RouteLink to="Dashboard">{t('personalArea.toDashboard')}</RouteLink>
        </div>
      </div>
    </section>
  );
}
