import { useId } from 'react';
import { RouteLink, useT } from '../../runtime/index.ts';
import { AssetPicture } from '../shared/Picture.tsx';
import styles from './Hero.module.css';
import type { HeroProps } from './schema.ts';

type HeroAction = NonNullable<HeroProps['cta']>;

/**
 * The opening of a page: its headline is the page's h1. The main action leads where the page's purpose
 * starts (on the home page: recommending), a secondary one may follow; the key visual is the likely
 * largest paint, so it is fetched first and never deferred.
 */
export function Hero({ headline, text, cta, secondaryCta, image, align = 'start' }: HeroProps) {
  const t = useT();
  const headingId = useId();
  return (
    <section className={styles.hero} data-align={align} aria-labelledby={headingId}>
      <div className={`container ${styles.inner}`}>
        <div className={styles.copy}>
          <h1 id={headingId} className={styles.headline}>
            {t(headline)}
          </h1>
          {text && <p className={styles.text}>{t(text)}</p>}
          {(cta || secondaryCta) && (
            <div className={styles.actions}>
              {cta && <ActionLink action={cta} className="button" />}
              {secondaryCta && <ActionLink action={secondaryCta} className={styles.secondary} />}
            </div>
          )}
        </div>
        {image && <AssetPicture image={image} loading="priority" className={styles.image} />}
      </div>
    </section>
  );
}

/** A route by name, or a section of this page by its anchor (a plain fragment link: no navigation). */
function ActionLink({ action, className }: { action: HeroAction; className: string | undefined }) {
  const t = useT();
  if (action.route === undefined) {
    return (
      <a href={`#${action.section}`} className={className}>
        {t(action.label)}
      </a>
    );
  }
  return (
    <RouteLink to={action.route} params={action.params} className={className}>
      {t(action.label)}
    </RouteLink>
  );
}
