import {
  formatMoney,
  isOffer,
  PRODUCT_DATA_LANGUAGE,
  productImageUrl,
  RouteLink,
  useProductApiBase,
  useT,
} from '../../runtime/index.ts';
import type { Produkt } from '../../schemas/products.ts';
import deck from '../shared/CardDeck.module.css';
import { Picture } from '../shared/Picture.tsx';
import styles from './ProductCategory.module.css';
import { RewardBadge } from './RewardBadge.tsx';

/** The small product picture's box (4:3, the demo catalogue's device drawings); others are fitted in. */
const PRODUCT_PICTURE = { width: 320, height: 240 } as const;

export interface ProductCardProps {
  product: Produkt;
  now: string;
  /** Shown as preselected by the category (its main or TV product). */
  preselected?: boolean;
}

/**
 * One product of a category page: name, prices, features, reward, and the select button that leads to
 * the recommend page with this product (SPEC 2: select target "recommend").
 */
export function ProductCard({ product, now, preselected = false }: ProductCardProps) {
  const t = useT();
  const base = useProductApiBase();
  const title = isOffer(product) ? product.TarifHandyAnzeigeName : product.AnzeigeName;
  return (
    <li className={deck.card}>
      {/* Only a product that names its picture shows one: a placeholder would look like a missing image.
          Decorative: the title below names the product. */}
      {(product.SGrafik ?? product.Grafik) && (
        <Picture
          className={deck.picture}
          src={productImageUrl(base, product.Id, 'sgrafik')}
          alt=""
          width={PRODUCT_PICTURE.width}
          height={PRODUCT_PICTURE.height}
        />
      )}
      <h3 lang={PRODUCT_DATA_LANGUAGE}>{title}</h3>
      <ul className={deck.badges}>
        {preselected && <li className={deck.badge}>{t('products.preselected.badge')}</li>}
        {isOffer(product) && product.TopPosition > 0 && <li className={deck.badge}>{t('products.top')}</li>}
        <RewardBadge rewards={product.Praemien} now={now} />
      </ul>
      <ProductDetails product={product} />
      <div className={deck.action}>
        {/* The name repeats the visible label first (WCAG 2.5.3) and tells the cards' buttons apart. */}
        <RouteLink
          to="Recommendation"
          params={{ productId: String(product.Id) }}
          className="button"
          aria-label={`${t('products.recommend')}: ${title}`}
        >
          {t('products.recommend')}
        </RouteLink>
      </div>
    </li>
  );
}

function ProductDetails({ product }: { product: Produkt }) {
  const t = useT();
  if (isOffer(product)) {
    const regular = formatMoney(product.PreisHandy);
    return (
      <>
        <p className={deck.muted} lang={PRODUCT_DATA_LANGUAGE}>
          {product.HandyBeschreibung}
        </p>
        <p className={styles.price}>
          {t('products.price.monthly', { value: formatMoney(product.PreisTarif) })}
        </p>
        <p>
          {product.Aktion === 1
            ? t('products.price.deviceAction', { value: formatMoney(product.Aktionspreis), regular })
            : t('products.price.device', { value: regular })}
        </p>
      </>
    );
  }
  if (!('Gruppe' in product)) {
    return (
      <p className={deck.muted} lang={PRODUCT_DATA_LANGUAGE}>
        {product.Beschreibung}
      </p>
    );
  }
  const features = [
    product.Beschreibung1,
    product.Beschreibung2,
    product.Beschreibung3,
    product.Beschreibung4,
  ];
  return (
    <>
      <p className={styles.price}>
        {t('products.price.monthly', { value: formatMoney(product.PreisMonatlich) })}
      </p>
      {product.PreisEinmalig > 0 && (
        <p className={deck.muted}>
          {t('products.price.once', { value: formatMoney(product.PreisEinmalig) })}
        </p>
      )}
      {product.Aktionsname && (
        <p className={styles.promotion} lang={PRODUCT_DATA_LANGUAGE}>
          {product.Aktionsname}
        </p>
      )}
      <ul className={styles.features} lang={PRODUCT_DATA_LANGUAGE}>
        {features
          .filter((feature) => feature !== '')
          .map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
      </ul>
    </>
  );
}
