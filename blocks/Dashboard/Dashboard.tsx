import { useEffect, useId } from 'react';
import {
  failureMessage,
  formatDate,
  formatMoney,
  RouteLink,
  useRecommender,
  useT,
} from '../../runtime/index.ts';
import {
  type EmpfehlungEintrag,
  RECOMMENDATION_STEPS,
  recommendationSteps,
} from '../../schemas/personalArea.ts';
import { isChoosable } from '../../schemas/praemien.ts';
import { MoreButton } from '../shared/MoreButton.tsx';
import panel from '../shared/Panel.module.css';
import styles from '../shared/PersonalArea.module.css';
import { useLoaded } from '../shared/useLoaded.ts';
import { usePagedList } from '../shared/usePagedList.ts';
import own from './Dashboard.module.css';
import { RecommendationTimeline } from './RecommendationTimeline.tsx';
import type { DashboardProps } from './schema.ts';
import { TaxNotice } from './TaxNotice.tsx';
import { TimelineOutlook } from './TimelineOutlook.tsx';

/**
 * The recommender's recommendations (SPEC 2, PersoenlicherBereich): each one as SPEC 4's three steps —
 * made, accepted, reward received — with its raw status (Ok, Abgelaufen, Offen, Freigegeben, Gezahlt,
 * Storniert) and a plain-German explanation, the recipient masked, the reward and the way to choose it,
 * why it ended or what comes next, and its timeline (issue 13). Above the list the tax notice (§ 22 Nr. 3
 * EStG) and the BannerTEZuTP banner, each when the server says so. The list is paged by the server (issue
 * 17): the newest page first, the next behind a "more" button.
 */
export function Dashboard({
  headline = 'dashboard.headline',
  intro = 'dashboard.intro',
  bannerLink = { label: 'dashboard.banner.cta', route: 'Homepage' },
}: DashboardProps) {
  const t = useT();
  const id = useId();
  const recommender = useRecommender();
  // Newest first, a page at a time (issue 17): the rest behind "more".
  const [recommendations, more] = usePagedList((cursor) => recommender.loadRecommendations(cursor));
  const firstAdded = recommendations.state === 'done' ? recommendations.firstAdded : -1;
  // The first card a "more" brought gets the focus: the keyboard goes on reading where the list went on.
  useEffect(() => {
    if (firstAdded >= 0) document.getElementById(`${id}-card-${firstAdded}`)?.focus();
  }, [firstAdded, id]);
  const [banner] = useLoaded(() => recommender.loadBanner(), [recommender.loadBanner]);
  // A hint: a failed load shows no notice and logs nothing (the amounts are personal).
  const [taxNotice] = useLoaded(() => recommender.loadTaxNotice(), [recommender.loadTaxNotice]);
  // The notice, the banner and the list appear together, in a screen's room kept for them: one arriving
  // after another would push what is already shown down the page.
  const settled = [recommendations, banner, taxNotice].every((loaded) => loaded.state !== 'loading');

  return (
    <section className={styles.section} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h2 id={`${id}-headline`}>{t(headline)}</h2>
        <p>{t(intro)}</p>
        {!settled && (
          <p aria-live="polite" className={own.loading}>
            {t('personalArea.loading')}
          </p>
        )}
        {settled && taxNotice.state === 'done' && <TaxNotice notice={taxNotice.value} />}
        {settled && banner.state === 'done' && banner.value.Anzeigen && (
          <aside className={styles.banner} aria-labelledby={`${id}-banner`}>
            <h3 id={`${id}-banner`}>{t('dashboard.banner.headline')}</h3>
            <p>{t('dashboard.banner.text')}</p>
            <RouteLink to={bannerLink.route} className="button">
              {t(bannerLink.label)}
            </RouteLink>
          </aside>
        )}
        {settled && recommendations.state === 'failed' && (
          <p className={panel.alert} role="alert">
            {failureMessage(t, recommendations.error)}
          </p>
        )}
        {settled &&
          recommendations.state === 'done' &&
          (recommendations.entries.length === 0 ? (
            <div className={styles.actions}>
              <p>{t('dashboard.empty')}</p>
              <RouteLink to="Homepage" className="button">
                {t('dashboard.emptyCta')}
              </RouteLink>
            </div>
          ) : (
            <>
              <ul className={styles.cards}>
                {recommendations.entries.map((entry, index) => (
                  <RecommendationCard
                    key={entry.Empfehlungsnummer}
                    entry={entry}
                    headingId={`${id}-card-${index}`}
                  />
                ))}
              </ul>
              <MoreButton
                list={recommendations}
                more={more}
                texts={{
                  more: 'dashboard.more',
                  loading: 'dashboard.moreLoading',
                  loaded: 'dashboard.moreLoaded',
                }}
              />
            </>
          ))}
        <div className={styles.actions}>
          <RouteLink to="RewardOverview">{t('dashboard.links.rewards')}</RouteLink>
          <RouteLink to="Settings">{t('dashboard.links.settings')}</RouteLink>
        </div>
      </div>
    </section>
  );
}

function RecommendationCard({ entry, headingId }: { entry: EmpfehlungEintrag; headingId: string }) {
  const t = useT();
  const steps = recommendationSteps(entry);
  const reward = entry.Praemierung;
  const product = entry.Produkt.Name ?? t('dashboard.productFallback', { id: entry.Produkt.Id });
  return (
    <li className={styles.card}>
      {/* Focusable by script only: "more" moves the focus to the first new card. */}
      <h3 id={headingId} tabIndex={-1}>
        {product}
      </h3>
      <dl className={styles.facts}>
        <dt>{t('dashboard.number')}</dt>
        <dd>{entry.Empfehlungsnummer}</dd>
        <dt>{t('dashboard.madeOn')}</dt>
        <dd>{formatDate(entry.Datum)}</dd>
        <dt>{t('dashboard.recipient')}</dt>
        <dd>{entry.Empfaenger ?? t('dashboard.noRecipient')}</dd>
      </dl>
      <p className={styles.status}>
        <span className={styles.statusName}>
          <span className="visually-hidden">{t('dashboard.status')}: </span>
          {entry.Status}
        </span>
        {t(`status.empfehlung.${entry.Status}`)}
      </p>
      <h4 className="visually-hidden">{t('dashboard.steps')}</h4>
      <ol className={styles.steps}>
        {RECOMMENDATION_STEPS.map((step) => (
          <li key={step} className={styles.step} data-state={steps[step]}>
            <span>
              {t(`dashboard.step.${step}`)}{' '}
              <span className={styles.stepState}>({t(`dashboard.stepState.${steps[step]}`)})</span>
            </span>
          </li>
        ))}
      </ol>
      {reward && (
        <p className={styles.status}>
          <strong>
            {t('dashboard.reward')}: {formatMoney(reward.WertCent)}
          </strong>{' '}
          <span className={styles.statusName}>{reward.Status}</span>
          {t(`status.praemierung.${reward.Status}`)}
        </p>
      )}
      <TimelineOutlook entry={entry} />
      {reward && isChoosable(reward.Status) && (
        <div>
          <RouteLink
            to="Reward"
            search={`?praemierung=${encodeURIComponent(reward.Id)}`}
            className="button"
            aria-label={t('dashboard.chooseRewardFor', { nr: entry.Empfehlungsnummer })}
          >
            {t('dashboard.chooseReward')}
          </RouteLink>
        </div>
      )}
      <RecommendationTimeline entry={entry} />
    </li>
  );
}
