import { useId } from 'react';
import { RouteLink, useKeyVisual, useRoute, useT } from '../../runtime/index.ts';
import { Picture } from '../shared/Picture.tsx';
import { ContentUnavailable } from '../shared/richText/ContentUnavailable.tsx';
import styles from './KeyVisual.module.css';
import type { KeyVisualProps } from './schema.ts';

/**
 * Content names no image size; the key visual's box is 3:2 (the embedded content's drawings) and other
 * shapes are fitted in, so the space is kept before the image arrives.
 */
const KEY_VISUAL_BOX = { width: 480, height: 320 } as const;

/**
 * A key visual from the mandant's content provider (e.g. the home page's): its headline is the page's
 * h1, with text, image and a call to action. Without content the page title keeps the h1.
 */
export function KeyVisual({ visual }: KeyVisualProps) {
  const t = useT();
  const id = useId();
  const route = useRoute();
  const result = useKeyVisual(visual);
  if (!result.ok) {
    return (
      <section className={styles.keyVisual} aria-labelledby={id}>
        <div className="container">
          <h1 id={id}>{t(`pages.${route.name}.title`, { defaultValue: '' }) || visual}</h1>
          <ContentUnavailable code={result.code} />
        </div>
      </section>
    );
  }
  const { headline, text, image, cta } = result.data;
  return (
    <section className={styles.keyVisual} aria-labelledby={id}>
      <div className={`container ${styles.inner}`}>
        <div className={styles.copy}>
          <h1 id={id} className={styles.headline}>
            {headline}
          </h1>
          {text && <p className={styles.text}>{text}</p>}
          {cta && (
            <RouteLink to={cta.route} className="button">
              {cta.label}
            </RouteLink>
          )}
        </div>
        {image && (
          <Picture
            className={styles.image}
            src={image.url}
            alt={image.alt}
            width={KEY_VISUAL_BOX.width}
            height={KEY_VISUAL_BOX.height}
            loading="priority"
          />
        )}
      </div>
    </section>
  );
}
