import { useEffect, useId, useState } from 'react';
import {
  fetchRecipientReward,
  formatMoney,
  RouteLink,
  useFrameMode,
  useRecipientJourney,
  useT,
} from '../../runtime/index.ts';
import panel from '../shared/Panel.module.css';
import facts from '../shared/RecipientForm.module.css';
import type { RecipientConfirmationProps } from './schema.ts';
import { useProductLink } from './useProductLink.ts';

/**
 * The end of the recipient journey (SPEC 2, RecipientConfirmation): thanks, what happens next, and the
 * recipient's part of the reward when there is one. The reward is extra information: if it cannot be
 * loaded, the page still thanks. The primary action leads to the order on the client's site; the home
 * page stays as the secondary one.
 */
export function RecipientConfirmation({
  headline = 'recipient.confirmation.headline',
  text = 'recipient.confirmation.text',
}: RecipientConfirmationProps) {
  const t = useT();
  const headingId = useId();
  const { empfehlungsnummer } = useRecipientJourney();
  const [rewardCent, setRewardCent] = useState<number | null>(null);
  const productLink = useProductLink();
  // In a frame the client's order page must replace the whole window, not open inside the frame.
  const target = useFrameMode() === 'top' ? undefined : '_top';

  useEffect(() => {
    if (!empfehlungsnummer) return;
    let current = true;
    fetchRecipientReward(empfehlungsnummer).then(
      (reward) => current && setRewardCent(reward.WertCent > 0 ? reward.WertCent : null),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [empfehlungsnummer]);

  return (
    <section className={panel.panel} aria-labelledby={headingId}>
      <div className="container">
        <h1 id={headingId}>{t(headline)}</h1>
        <p>{t(text)}</p>
        {rewardCent !== null && (
          <div className={facts.facts}>
            <p>
              {t('recipient.reward')} <span className={facts.factValue}>{formatMoney(rewardCent)}</span>
            </p>
          </div>
        )}
        <p>{t('recipient.confirmation.next')}</p>
        <div className={panel.actions}>
          {productLink && (
            <a href={productLink} target={target} className={`button ${panel.action}`}>
              {t('recipient.confirmation.order')}
            </a>
          )}
          <RouteLink to="Homepage" className={panel.action}>
            {t('recipient.confirmation.home')}
          </RouteLink>
        </div>
      </div>
    </section>
  );
}
