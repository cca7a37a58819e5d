import { nextRecipientStep, type RecipientJourney, useNavigateToRoute, useT } from '../../runtime/index.ts';
import type { RecipientOrder, RecipientRecommendation } from '../../schemas/recipient.ts';
import panel from '../shared/Panel.module.css';
import { RecipientDataForm } from './RecipientDataForm.tsx';
import { RecommendationFacts } from './RecommendationFacts.tsx';

export interface RecipientLandingViewProps {
  journey: RecipientJourney;
  recommendation: RecipientRecommendation | null;
  order: RecipientOrder | null;
  intro: string;
}

/**
 * The loaded landing page: the recommendation's facts, then the form — or, for a recipient this browser
 * already created, the way on. A chunk of its own: it loads with the data, after the first paint.
 */
export function RecipientLandingView({ journey, recommendation, order, intro }: RecipientLandingViewProps) {
  const t = useT();
  const navigateTo = useNavigateToRoute();
  const params = { empfehlungsnummer: journey.empfehlungsnummer };
  return (
    <>
      {recommendation && <RecommendationFacts recommendation={recommendation} />}
      {order ? (
        <>
          <p>{t('recipient.data.alreadyGiven')}</p>
          <div className={panel.actions}>
            <button
              type="button"
              className={`button ${panel.action}`}
              onClick={() => navigateTo(nextRecipientStep(order), { params })}
            >
              {t('recipient.data.continue')}
            </button>
          </div>
        </>
      ) : (
        <>
          <p>{t(intro)}</p>
          <RecipientDataForm journey={journey} />
        </>
      )}
    </>
  );
}
