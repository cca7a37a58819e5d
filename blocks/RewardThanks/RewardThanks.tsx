import { useId } from 'react';
import {
  failureMessage,
  formatMoney,
  RouteLink,
  useMandant,
  useRecommender,
  useT,
} from '../../runtime/index.ts';
import type { Praemierung } from '../../schemas/praemien.ts';
import panel from '../shared/Panel.module.css';
import { useLoaded } from '../shared/useLoaded.ts';
import { NO_ACCESS, useReward } from '../shared/useReward.ts';
import type { RewardThanksProps } from './schema.ts';

/**
 * Thanks after the choice (SPEC 2, RewardThanks / PraemieDanke): what happens next for the chosen kind of
 * reward (SPEC 9: a transfer within four weeks of the bank data, a voucher within 24 hours), and for a
 * transfer the way to the bank data when none are stored yet.
 */
export function RewardThanks({ headline = 'rewardThanks.headline' }: RewardThanksProps) {
  const t = useT();
  const id = useId();
  const recommender = useRecommender();
  const reward = useReward(recommender);

  return (
    <section className={panel.panel} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline)}</h1>
        {reward.state === 'loading' && <p aria-live="polite">{t('personalArea.loading')}</p>}
        {reward.state === 'failed' && (
          <p className={panel.alert} role="alert">
            {failureMessage(t, reward.error)}
          </p>
        )}
        {reward.state === 'done' && reward.value !== null && reward.value !== NO_ACCESS && (
          <NextSteps reward={reward.value} />
        )}
        <div className={panel.actions}>
          <RouteLink to="Dashboard">{t('personalArea.toDashboard')}</RouteLink>
        </div>
      </div>
    </section>
  );
}

function NextSteps({ reward }: { reward: Praemierung }) {
  const t = useT();
  const mandant = useMandant();
  const recommender = useRecommender();
  const option = reward.Praemie;
  const transfer = option?.Art === 'Geld' && mandant.ModuleStoringBankdata;
  const [bank] = useLoaded(
    async () => (transfer ? recommender.loadBankDetails() : null),
    [transfer, recommender.loadBankDetails],
  );
  if (!option) return null;
  const amount = formatMoney(option.WertCent ?? reward.WertCent);
  return (
    <>
      <p>{t('rewardThanks.chosen', { title: option.Titel })}</p>
      <p>
        {reward.Status === 'Offen'
          ? t('rewardThanks.pending')
          : t(`rewardThanks.${option.Art}`, { amount, email: reward.Empfaenger?.Email ?? '' })}
      </p>
      {transfer && bank.state === 'done' && bank.value !== null && (
        <p>{t('rewardThanks.bankStored', { iban: bank.value.IBAN })}</p>
      )}
      {transfer && bank.state === 'done' && bank.value === null && (
        <>
          <p>{t('rewardThanks.bankMissing')}</p>
          <div className={panel.actions}>
            <RouteLink to="BankDetailsRecommender" className="button">
              {t('rewardThanks.enterBank')}
            </RouteLink>
          </div>
        </>
      )}
    </>
  );
}
