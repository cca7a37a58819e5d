import { useId } from 'react';
import { RouteLink, useT } from '../../runtime/index.ts';
import styles from './CallToAction.module.css';
import type { CallToActionProps } from './schema.ts';

/** A highlighted band in the primary colour with one button. */
export function CallToAction({ headline, text, button }: CallToActionProps) {
  const t = useT();
  const headingId = useId();
  return (
    <section className={styles.band} aria-labelledby={headingId}>
      <div className={`container ${styles.inner}`}>
        <div>
          <h2 id={headingId} className={styles.headline}>
            {t(headline)}
          </h2>
          {text && <p className={styles.text}>{t(text)}</p>}
        </div>
        <RouteLink to={button.route} params={button.params} className="button button-inverse">
          {t(button.label)}
        </RouteLink>
      </div>
    </section>
  );
}
