import { useId } from 'react';
import {
  failureMessage,
  formatDate,
  formatMoney,
  RouteLink,
  useRecommender,
  useT,
} from '../../runtime/index.ts';
import { fitsEarnedValue, type PraemieAuswahl, type Praemierung } from '../../schemas/praemien.ts';
import panel from '../shared/Panel.module.css';
import styles from '../shared/PersonalArea.module.css';
import { useLoaded } from '../shared/useLoaded.ts';
import { NO_ACCESS, useReward } from '../shared/useReward.ts';
import type { RewardChoiceProps } from './schema.ts';

/**
 * Reward choice (SPEC 2, Reward / PraemieWaehlen): the rewards of the catalogue that can be chosen today
 * (SPEC 4, reward window) and fit the earned value, for the logged-in recommender or the holder of a
 * reward link. A link that is invalid, expired or already used shows SPEC 8's message.
 */
export function RewardChoice({ headline = 'reward.headline', intro = 'reward.intro' }: RewardChoiceProps) {
  const t = useT();
  const id = useId();
  const recommender = useRecommender();
  const reward = useReward(recommender);
  const [catalogue] = useLoaded(() => recommender.loadCatalogue(), [recommender.loadCatalogue]);

  return (
    <section className={styles.section} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline)}</h1>
        {reward.state === 'loading' && <p aria-live="polite">{t('personalArea.loading')}</p>}
        {reward.state === 'failed' && (
          <>
            <p className={panel.alert} role="alert">
              {failureMessage(t, reward.error)}
            </p>
            <div className={styles.actions}>
              <RouteLink to="Dashboard">{t('personalArea.toDashboard')}</RouteLink>
            </div>
          </>
        )}
        {reward.state === 'done' && reward.value === NO_ACCESS && (
          <>
            <p>{t('personalArea.needsAccess')}</p>
            <div className={styles.actions}>
              <RouteLink to="Login" search="?redirect=Reward" className="button">
                {t('personalArea.login')}
              </RouteLink>
            </div>
          </>
        )}
        {reward.state === 'done' && reward.value === null && (
          <>
            <p>{t('reward.none')}</p>
            <div className={styles.actions}>
              <RouteLink to="Dashboard">{t('personalArea.toDashboard')}</RouteLink>
            </div>
          </>
        )}
        {reward.state === 'done' && reward.value !== null && reward.value !== NO_ACCESS && (
          <Choice
            reward={reward.value}
            intro={intro}
            options={catalogue.state === 'done' ? catalogue.value : null}
            catalogueError={catalogue.state === 'failed' ? catalogue.error : null}
          />
        )}
      </div>
    </section>
  );
}

interface ChoiceProps {
  reward: Praemierung;
  intro: string;
  options: PraemieAuswahl[] | null;
  catalogueError: unknown;
}

function Choice({ reward, intro, options, catalogueError }: ChoiceProps) {
  const t = useT();
  const id = useId();
  const fitting = options?.filter((option) => fitsEarnedValue(option, reward.WertCent)) ?? [];
  return (
    <>
      <p>
        <strong>{t('reward.earned', { amount: formatMoney(reward.WertCent) })}</strong>
        {reward.Empfehlungsnummer && <> {t('reward.forRecommendation', { nr: reward.Empfehlungsnummer })}</>}
      </p>
      <p className={styles.status}>
        <span className={styles.statusName}>{reward.Status}</span>
        {t(`status.praemierung.${reward.Status}`)}
      </p>
      {!reward.Waehlbar ? (
        <>
          <p>{t('reward.notChoosable')}</p>
          <div className={styles.actions}>
            <RouteLink to="Dashboard">{t('personalArea.toDashboard')}</RouteLink>
          </div>
        </>
      ) : (
        <>
          <p>{t(intro)}</p>
          <h2 id={`${id}-options`}>{t('reward.options')}</h2>
          {catalogueError !== null && (
            <p className={panel.alert} role="alert">
              {failureMessage(t, catalogueError)}
            </p>
          )}
          {options === null && catalogueError === null && (
            <p aria-live="polite">{t('personalArea.loading')}</p>
          )}
          {options !== null && fitting.length === 0 && <p>{t('reward.noOptions')}</p>}
          <ul className={styles.cards} aria-labelledby={`${id}-options`}>
            {fitting.map((option) => (
              <li key={option.Id} className={styles.card}>
                <img className={styles.image} src={option.Grafik} alt="" width={160} height={100} />
                <h3>{option.Titel}</h3>
                <p>{option.Beschreibung}</p>
                <p className={styles.muted}>
                  {option.WertCent === null
                    ? t('reward.fullValue')
                    : t('reward.value', { amount: formatMoney(option.WertCent) })}
                  {option.Partner && <> · {t('reward.partner', { partner: option.Partner })}</>}
                  {option.EnddatumAnzeige && (
                    <> · {t('reward.validUntil', { date: formatDate(option.EnddatumAnzeige) })}</>
                  )}
                </p>
                {reward.PraemieId === option.Id && <p className={styles.notice}>{t('reward.chosen')}</p>}
                <div>
                  <RouteLink
                    to="RewardDetails"
                    params={{ praemieid: option.Id }}
                    search={`?praemierung=${encodeURIComponent(reward.Id)}`}
                    className="button"
                    aria-label={`${t('reward.choose')}: ${option.Titel}`}
                  >
                    {t('reward.choose')}
                  </RouteLink>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
