import { lazy, Suspense, useEffect, useId } from 'react';
import { errorKey, useNavigateToRoute, useRecipientJourney, useT } from '../../runtime/index.ts';
import panel from '../shared/Panel.module.css';
import type { RecipientDataProps } from './schema.ts';
import { useRecipientLanding } from './useRecipientLanding.ts';

// The facts and the form load with the data, after the first paint: the landing route's budget (DESIGN).
const RecipientLandingView = lazy(() =>
  import('./RecipientLandingView.tsx').then((module) => ({ default: module.RecipientLandingView })),
);

/**
 * The recipient landing page (SPEC 2, RecipientData): the recommendation (who recommends, the product,
 * the recipient's part of the reward) and the data form. A recipient this browser already created for
 * the recommendation is offered the next step instead; an expired recommendation leads to its page.
 */
export function RecipientData({
  headline = 'recipient.data.headline',
  intro = 'recipient.data.intro',
}: RecipientDataProps) {
  const t = useT();
  const headingId = useId();
  const navigateTo = useNavigateToRoute();
  const journey = useRecipientJourney();
  const landing = useRecipientLanding(journey);

  useEffect(() => {
    if (landing.phase === 'expired') navigateTo('ExpiredRecommendation', { replace: true });
  }, [landing.phase, navigateTo]);

  const loading = <p role="status">{t('recipient.data.loading')}</p>;
  return (
    <section className={panel.panel} aria-labelledby={headingId} aria-busy={landing.phase === 'loading'}>
      <div className="container">
        <h1 id={headingId}>{t(headline)}</h1>
        {(landing.phase === 'loading' || landing.phase === 'expired') && loading}
        {landing.phase === 'failed' && (
          <p className={panel.alert} role="alert">
            {t(errorKey(landing.code), { defaultValue: landing.message })}
          </p>
        )}
        {landing.phase === 'ready' && (
          <Suspense fallback={loading}>
            <RecipientLandingView
              journey={journey}
              recommendation={landing.recommendation}
              order={landing.order}
              intro={intro}
            />
          </Suspense>
        )}
      </div>
    </section>
  );
}
