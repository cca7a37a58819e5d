import { useEffect, useId } from 'react';
import {
  failureMessage,
  formatDate,
  formatMoney,
  RouteLink,
  useRecommender,
  useT,
} from '../../runtime/index.ts';
import { MoreButton } from '../shared/MoreButton.tsx';
import panel from '../shared/Panel.module.css';
import styles from '../shared/PersonalArea.module.css';
import { usePagedList } from '../shared/usePagedList.ts';
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
  // Newest first, a page at a time (issue 17): the rest behind "more".
  const [rewards, more] = usePagedList((cursor) => recommender.loadRewardPage(cursor));
  const firstAdded = rewards.state === 'done' ? rewards.firstAdded : -1;
  useEffect(() => {
    if (firstAdded >= 0) document.getElementById(`${id}-reward-${firstAdded}`)?.focus();
  }, [firstAdded, id]);

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
        {rewards.state === 'done' && rewards.entries.length === 0 && <p>{t('rewardOverview.empty')}</p>}
        {rewards.state === 'done' && rewards.entries.length > 0 && (
          <ul className={styles.cards}>
            {rewards.entries.map((reward, index) => (
              <li key={reward.Id} className={styles.card}>
                {/* Focusable by script only: "more" moves the focus to the first new reward. */}
                <h2 id={`${id}-reward-${index}`} tabIndex={-1}>
                  {formatMoney(reward.WertCent)}
                </h2>
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
        {rewards.state === 'done' && rewards.entries.length > 0 && (
          <MoreButton
            list={rewards}
            more={more}
            texts={{
              more: 'rewardOverview.more',
              loading: 'rewardOverview.moreLoading',
              loaded: 'rewardOverview.moreLoaded',
            }}
          />
        )}
        <div className={styles.actions}>
          <RouteLink to="Dashboard">{t('personalArea.toDashboard')}</RouteLink>
        </div>
      </div>
    </section>
  );
}
