import { lazy, memo, Suspense, useEffect, useId } from 'react';
import {
  errorKey,
  type RecipientJourney,
  useNavigateToRoute,
  useRecipientJourney,
  useT,
} from '../../runtime/index.ts';
// The view's stylesheets come with the block's, linked in the head of the server's first paint: loaded
// with the view's chunk they arrived after the server-rendered form was shown and restyled it.
import '../shared/AccountForm.module.css';
import '../shared/RecipientForm.module.css';
import panel from '../shared/Panel.module.css';
import type { RecipientDataProps } from './schema.ts';
import { useRecipientLanding } from './useRecipientLanding.ts';

// The facts and the form are a chunk of their own, out of the landing route's first load (DESIGN): the
// server renders them into the first paint, and the browser hydrates them once the chunk is there.
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
  const journey = useRecipientJourney();
  return (
    <section className={panel.panel} aria-labelledby={headingId}>
      <div className="container">
        <h1 id={headingId}>{t(headline)}</h1>
        <LandingSlot journey={journey} intro={intro} />
      </div>
    </section>
  );
}

/**
 * The landing behind a boundary of its own, memoised: while the browser hydrates the server's landing and
 * waits for its chunk or data, a re-render of the heading (new texts) must not reach the boundary, or React
 * would drop the server's markup for the loading line and the page would jump.
 */
const LandingSlot = memo(function LandingSlot({
  journey,
  intro,
}: {
  journey: RecipientJourney;
  intro: string;
}) {
  return (
    <Suspense fallback={<Loading />}>
      <Landing journey={journey} intro={intro} />
    </Suspense>
  );
});

function Loading() {
  const t = useT();
  return <p role="status">{t('recipient.data.loading')}</p>;
}

function Landing({ journey, intro }: { journey: RecipientJourney; intro: string }) {
  const t = useT();
  const navigateTo = useNavigateToRoute();
  const landing = useRecipientLanding(journey);

  useEffect(() => {
    if (landing.phase === 'expired') navigateTo('ExpiredRecommendation', { replace: true });
  }, [landing.phase, navigateTo]);

  if (landing.phase === 'failed') {
    return (
      <p className={panel.alert} role="alert">
        {t(errorKey(landing.code), { defaultValue: landing.message })}
      </p>
    );
  }
  if (landing.phase !== 'ready') return <Loading />;
  return (
    <RecipientLandingView
      journey={journey}
      recommendation={landing.recommendation}
      order={landing.order}
      intro={intro}
    />
  );
}
