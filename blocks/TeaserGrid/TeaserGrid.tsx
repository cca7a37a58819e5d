import { useId } from 'react';
import { RouteLink, useT } from '../../runtime/index.ts';
import { AssetPicture } from '../shared/Picture.tsx';
import type { TeaserGridProps } from './schema.ts';
import styles from './TeaserGrid.module.css';

/**
 * Teaser cards (e.g. product categories), each with an optional picture: 1 column on small screens, 2 from
 * md, 4 from lg (SPEC: card deck on the internet page). A card with a route is clickable as a whole through
 * its one link.
 */
export function TeaserGrid({ headline, anchor, items }: TeaserGridProps) {
  const t = useT();
  const headingId = useId();
  // Without a grid headline the cards' titles are the section's headings, so heading levels never skip.
  const CardHeading = headline ? 'h3' : 'h2';
  return (
    <section id={anchor} className={styles.teasers} aria-labelledby={headline ? headingId : undefined}>
      <div className="container">
        {headline && <h2 id={headingId}>{t(headline)}</h2>}
        <ul className={styles.grid}>
          {items.map((item) => (
            <li key={item.title} className={styles.card}>
              {item.image && <AssetPicture image={item.image} className={styles.picture} />}
              <CardHeading className={styles.title}>{t(item.title)}</CardHeading>
              {item.badge && <p className={styles.badge}>{t(item.badge)}</p>}
              {item.text && <p className={styles.text}>{t(item.text)}</p>}
              {item.route && (
                <RouteLink to={item.route} params={item.params} className={styles.link}>
                  {t(item.linkLabel ?? 'blocks.teaserGrid.more')}
                </RouteLink>
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
