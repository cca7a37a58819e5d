import { useId } from 'react';
import { RouteLink, useT } from '../../runtime/index.ts';
import panel from '../shared/Panel.module.css';
import type { ExpiredRecommendationProps } from './schema.ts';

/**
 * SPEC 2 and 8: 'Diese Empfehlung ist leider nicht mehr möglich' — the link is older than 60 days, the
 * recommendation was withdrawn or never existed. The visitor is invited to recommend themselves (SPEC 9:
 * the expired-recommendation text says 50 euro).
 */
export function ExpiredRecommendation({
  headline = 'expired.headline',
  text = 'expired.text',
  cta = { label: 'expired.cta', route: 'Homepage' },
}: ExpiredRecommendationProps) {
  const t = useT();
  const headingId = useId();
  return (
    <section className={panel.panel} aria-labelledby={headingId}>
      <div className="container">
        <h1 id={headingId}>{t(headline)}</h1>
        <p>{t(text)}</p>
        <p>{t('expired.recommendYourself')}</p>
        <div className={panel.actions}>
          <RouteLink to={cta.route} className={`button ${panel.action}`}>
            {t(cta.label)}
          </RouteLink>
        </div>
      </div>
    </section>
  );
}
