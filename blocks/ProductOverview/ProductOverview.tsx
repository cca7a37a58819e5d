import { useId } from 'react';
import { CategoryLink, useMandant, useT } from '../../runtime/index.ts';
import deck from '../shared/CardDeck.module.css';
import { AssetPicture } from '../shared/Picture.tsx';
import styles from './ProductOverview.module.css';
import type { ProductOverviewProps } from './schema.ts';

/**
 * The product categories on the home page (SPEC 2, Homepage), when the mandant shows them
 * (ShowProductCategory). Each card is one link to its category page. Its texts and picture come with the
 * page, so the home page makes no product call before its first paint (DESIGN, front-end budget).
 */
export function ProductOverview({ headline, anchor, items }: ProductOverviewProps) {
  const t = useT();
  const { ShowProductCategory } = useMandant();
  const headingId = useId();
  // The server fills the schema default (true); only an explicit false hides the categories.
  if (ShowProductCategory === false) return null;
  // Without a headline the card titles are the section's headings, so heading levels never skip.
  const CardHeading = headline ? 'h3' : 'h2';
  return (
    <section id={anchor} className={styles.overview} aria-labelledby={headline ? headingId : undefined}>
      <div className="container">
        {headline && <h2 id={headingId}>{t(headline)}</h2>}
        <ul className={deck.deck}>
          {items.map((item) => (
            <li key={item.category} className={`${deck.card} ${styles.card}`}>
              {item.image && (
                <AssetPicture image={item.image} className={`${deck.picture} ${styles.picture}`} />
              )}
              <CardHeading>{t(item.title)}</CardHeading>
              {item.badge && (
                <ul className={deck.badges}>
                  <li className={deck.badge}>{t(item.badge)}</li>
                </ul>
              )}
              {item.text && <p className={deck.muted}>{t(item.text)}</p>}
              <div className={deck.action}>
                <CategoryLink
                  category={item.category}
                  className={styles.link}
                  aria-label={`${t('products.overview.more')}: ${t(item.title)}`}
                >
                  {t('products.overview.more')}
                </CategoryLink>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
