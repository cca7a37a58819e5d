import { useId, useState } from 'react';
import {
  failureMessage,
  RouteLink,
  useLocation,
  useRecommender,
  useSession,
  useT,
} from '../../runtime/index.ts';
import { NEWSLETTER_TOKEN_PARAM } from '../../schemas/newsletter.ts';
import panel from '../shared/Panel.module.css';
import styles from '../shared/PersonalArea.module.css';
import type { NewsletterConfirmProps } from './schema.ts';

/**
 * The pages the opt-in mail links to (SPEC 2: Optin /empfehler/newsletter/optin, Optout
 * /empfehler/newsletter/optout). The person confirms with a button rather than by opening the link, so a
 * mail scanner that follows links cannot subscribe anyone. Opting out also works logged in, without a link.
 */
export function NewsletterConfirm({ mode }: NewsletterConfirmProps) {
  const t = useT();
  const id = useId();
  const { search } = useLocation();
  const { user } = useSession();
  const recommender = useRecommender();
  const token = new URLSearchParams(search).get(NEWSLETTER_TOKEN_PARAM);
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const canAct = token !== null || (mode === 'optout' && user !== null);

  async function act() {
    if (state !== 'idle') return;
    setState('busy');
    setFailure(null);
    try {
      if (mode === 'optin' && token) await recommender.confirmNewsletter(token);
      else await recommender.withdrawNewsletter(token);
      setState('done');
    } catch (error) {
      setFailure(failureMessage(t, error));
      setState('idle');
    }
  }

  return (
    <section className={panel.panel} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(`newsletterConfirm.${mode}.headline`)}</h1>
        {state === 'done' ? (
          <p className={styles.notice} role="status">
            {t(`newsletterConfirm.${mode}.done`)}
          </p>
        ) : canAct ? (
          <>
            <p>{t(`newsletterConfirm.${mode}.text`)}</p>
            {failure && (
              <p className={panel.alert} role="alert">
                {failure}
              </p>
            )}
            <div className={panel.actions}>
              <button
                type="button"
                className={`button ${panel.action}`}
                onClick={act}
                aria-disabled={state === 'busy' || undefined}
              >
                {t(state === 'busy' ? 'newsletterConfirm.busy' : `newsletterConfirm.${mode}.button`)}
              </button>
            </div>
          </>
        ) : (
          <>
            <p className={panel.alert} role="alert">
              {t(mode === 'optin' ? 'newsletterConfirm.noToken' : 'personalArea.needsAccess')}
            </p>
            {mode === 'optout' && (
              <div className={panel.actions}>
                <RouteLink to="Login" className="button">
                  {t('personalArea.login')}
                </RouteLink>
              </div>
            )}
          </>
        )}
        {user && (
          <div className={panel.actions}>
            <RouteLink to="Settings">{t('myData.headline')}</RouteLink>
          </div>
        )}
      </div>
    </section>
  );
}
