import { useId } from 'react';
import { RouteLink, useAssetUrl, useT } from '../../runtime/index.ts';
import styles from './Hero.module.css';
import type { HeroProps } from './schema.ts';

/** The key visual at the top of a page; its headline is the page's h1. */
export function Hero({ headline, text, cta, image, align = 'start' }: HeroProps) {
  const t = useT();
  const headingId = useId();
  const imageSrc = useAssetUrl(image?.src ?? '');
  return (
    <section className={styles.hero} data-align={align} aria-labelledby={headingId}>
      <div className={`container ${styles.inner}`}>
        <div className={styles.copy}>
          <h1 id={headingId} className={styles.headline}>
            {t(headline)}
          </h1>
          {text && <p className={styles.text}>{t(text)}</p>}
          {cta && (
            <RouteLink to={cta.route} params={cta.params} className="button">
              {t(cta.label)}
            </RouteLink>
          )}
        </div>
        {image && <img className={styles.image} src={imageSrc} alt={t(image.alt)} />}
      </div>
    </section>
  );
}
