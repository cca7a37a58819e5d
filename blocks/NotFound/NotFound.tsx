import { useId } from 'react';
import { RouteLink, useT } from '../../runtime/index.ts';
import styles from './NotFound.module.css';
import type { NotFoundProps } from './schema.ts';

/** The 404 page body (SPEC: headline '404 - Datei nicht gefunden') with a way back home. */
export function NotFound({ headline, text, back }: NotFoundProps) {
  const t = useT();
  const headingId = useId();
  return (
    <section className={styles.notFound} aria-labelledby={headingId}>
      <div className="container">
        <h1 id={headingId}>{t(headline ?? 'blocks.notFound.headline')}</h1>
        <p className={styles.text}>{t(text ?? 'blocks.notFound.text')}</p>
        <RouteLink to={back?.route ?? 'Homepage'} className="button">
          {t(back?.label ?? 'blocks.notFound.back')}
        </RouteLink>
      </div>
    </section>
  );
}
