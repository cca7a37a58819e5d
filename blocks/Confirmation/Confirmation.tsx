import { useEffect, useId, useState } from 'react';
import {
  ApiRequestError,
  errorKey,
  postConfirmOptin,
  RouteLink,
  rememberRecommendation,
  useLocation,
  useT,
} from '../../runtime/index.ts';
import type { RecommendationView } from '../../schemas/recommendFormApi.ts';
import panel from '../shared/Panel.module.css';
import type { ConfirmationProps } from './schema.ts';

type ConfirmationState =
  | { phase: 'waiting' }
  | { phase: 'confirming' }
  | { phase: 'confirmed'; view: RecommendationView }
  | { phase: 'failed'; text: string };

/**
 * Recommendation confirmation (SPEC 2, Confirmation / EmpfehlungBestaetigung). Right after a recommendation
 * that waits for the recommender's e-mail confirmation it says to check the mailbox; opened from the mail's
 * link (?optin=) it confirms and leads to the share page.
 */
export function Confirmation({ headline = 'confirmation.headline' }: ConfirmationProps) {
  const t = useT();
  const id = useId();
  const { search } = useLocation();
  const token = new URLSearchParams(search).get('optin');
  const [state, setState] = useState<ConfirmationState>(
    token ? { phase: 'confirming' } : { phase: 'waiting' },
  );

  useEffect(() => {
    if (!token) return;
    let current = true;
    postConfirmOptin(token).then(
      (view) => {
        if (!current) return;
        rememberRecommendation(view);
        setState({ phase: 'confirmed', view });
      },
      (error: unknown) => {
        const problem = error instanceof ApiRequestError ? error : undefined;
        if (current)
          setState({
            phase: 'failed',
            text: t(errorKey(problem?.code ?? 'PSOF0001'), { defaultValue: problem?.message ?? '' }),
          });
      },
    );
    return () => {
      current = false;
    };
  }, [token, t]);

  const headingId = `${id}-headline`;
  return (
    <section className={panel.panel} aria-labelledby={headingId} aria-busy={state.phase === 'confirming'}>
      <div className="container">
        <h1 id={headingId}>{t(headline)}</h1>
        {state.phase === 'waiting' && <p>{t('confirmation.pending')}</p>}
        {state.phase === 'confirming' && <p role="status">{t('confirmation.confirming')}</p>}
        {state.phase === 'failed' && (
          <p className={panel.alert} role="alert">
            {state.text}
          </p>
        )}
        {state.phase === 'confirmed' && (
          <>
            <p role="status">{t('confirmation.confirmed')}</p>
            <div className={panel.actions}>
              <RouteLink
                to="RecommendationShare"
                params={{ empfehlungsnummer: state.view.Empfehlungsnummer }}
                className="button"
              >
                {t('confirmation.toShare')}
              </RouteLink>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
