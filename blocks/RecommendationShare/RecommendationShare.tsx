import { useId } from 'react';
import {
  errorKey,
  formatDate,
  formatMoney,
  RouteLink,
  recommendationQrUrl,
  useMandant,
  useRoute,
  useT,
} from '../../runtime/index.ts';
import panel from '../shared/Panel.module.css';
import styles from './RecommendationShare.module.css';
import { ShareLinks } from './ShareLinks.tsx';
import type { RecommendationShareProps } from './schema.ts';
import { useShareRecommendation } from './useShareRecommendation.ts';

/**
 * The share page (SPEC 2, RecommendationShare / EmpfehlungTeilen): what is recommended and for how long, the
 * link (or short link) to copy or send by the enabled channels, its QR code, and the offline code. Pending
 * (e-mail not yet confirmed) and expired recommendations say so instead of offering links.
 */
export function RecommendationShare({
  headline = 'share.headline',
  intro = 'share.intro',
}: RecommendationShareProps) {
  const t = useT();
  const id = useId();
  const mandant = useMandant();
  const nr = useRoute().params.empfehlungsnummer ?? '';
  const state = useShareRecommendation(nr);
  const headingId = `${id}-headline`;
  return (
    <section className={panel.panel} aria-labelledby={headingId} aria-busy={state.phase === 'loading'}>
      <div className="container">
        <h1 id={headingId}>{t(headline)}</h1>
        {state.phase === 'loading' && <p role="status">{t('share.loading')}</p>}
        {state.phase === 'failed' && (
          <p className={panel.alert} role="alert">
            {t(errorKey(state.code), { defaultValue: state.message })}
          </p>
        )}
        {state.phase === 'ready' && (
          <div className={styles.share}>
            <div className={styles.summary}>
              <p className={styles.product}>
                {t('share.summary.product', { name: state.view.Produkt.Name })}
              </p>
              {state.view.Praemie && (
                <p>
                  {state.view.Praemie.EmpfaengerCent > 0
                    ? t('share.summary.rewardSplit', {
                        recommender: formatMoney(state.view.Praemie.EmpfehlerCent),
                        recipient: formatMoney(state.view.Praemie.EmpfaengerCent),
                      })
                    : t('share.summary.reward', { amount: formatMoney(state.view.Praemie.EmpfehlerCent) })}
                </p>
              )}
              <p>{t('share.summary.validUntil', { date: formatDate(state.view.GueltigBis) })}</p>
            </div>
            {state.view.OptinAusstehend ? (
              <p className={panel.alert} role="alert">
                {t(errorKey('PSOF0306'), { defaultValue: t('share.pending') })}
              </p>
            ) : state.view.Abgelaufen ? (
              <p className={panel.alert} role="alert">
                {t(errorKey('PSOF0309'), { defaultValue: t('share.expired') })}
              </p>
            ) : (
              <>
                <p>{t(intro)}</p>
                <ShareLinks view={state.view} />
                <h2>{t('share.qr.headline')}</h2>
                <p>{t('share.qr.hint')}</p>
                <img
                  className={styles.qr}
                  src={recommendationQrUrl(mandant.id, state.view.Empfehlungsnummer)}
                  alt={t('share.qr.alt')}
                  width={184}
                  height={184}
                />
                {state.view.Code && (
                  <>
                    <h2>{t('share.code.headline')}</h2>
                    <p className={styles.code}>{state.view.Code}</p>
                    <p>{t('share.code.hint')}</p>
                  </>
                )}
              </>
            )}
            <div className={panel.actions}>
              <RouteLink to="Homepage">{t('share.more')}</RouteLink>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
