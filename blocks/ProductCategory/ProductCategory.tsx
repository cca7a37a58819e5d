import { useId, useMemo, useState } from 'react';
import { wireDateTime } from '../../domain/format.ts';
import {
  CategoryLink,
  categoryImageUrl,
  errorKey,
  FailureMessage,
  findCategory,
  isDevicePage,
  isOffer,
  PRODUCT_DATA_LANGUAGE,
  RouteLink,
  selectionTarget,
  tariffsOf,
  useCategoryPath,
  useDocumentTitle,
  useLocation,
  useProductApiBase,
  useProductCategories,
  useProducts,
  useProductsById,
  useT,
} from '../../runtime/index.ts';
import type { ProductListQuery, Produkt, Produktkategorie } from '../../schemas/products.ts';
import deck from '../shared/CardDeck.module.css';
import { Picture } from '../shared/Picture.tsx';
import { CategoryBreadcrumb } from './CategoryBreadcrumb.tsx';
import { ManufacturerFilter } from './ManufacturerFilter.tsx';
import { ProductCard } from './ProductCard.tsx';
import styles from './ProductCategory.module.css';
import type { ProductCategoryProps } from './schema.ts';
import { TariffCard } from './TariffCard.tsx';

/**
 * A product category page (SPEC 2): the category of this page's path (or of `category`) from
 * /produktkategorie, with breadcrumb, title, subtitle and description, the preselected main and TV
 * product, and the card deck of its products — 4 columns at xl and lg, 2 at md, 1 at sm and xs.
 */
export function ProductCategory({ category: pfad }: ProductCategoryProps) {
  const t = useT();
  const path = useCategoryPath();
  const headingId = useId();
  const { result, retry } = useProductCategories();
  if (!result.ok) {
    return (
      <section className={styles.category} aria-labelledby={headingId}>
        <div className="container">
          <h1 id={headingId}>{t('products.failure.headline')}</h1>
          <FailureMessage error={result.error} onRetry={retry} />
        </div>
      </section>
    );
  }
  const category = findCategory(result.data, pfad ?? path);
  if (!category) {
    return (
      <section className={styles.category} aria-labelledby={headingId}>
        <div className="container">
          <h1 id={headingId}>{t(errorKey('PSOF0101'))}</h1>
          <p>{t('products.unknownCategory')}</p>
          <RouteLink to="Homepage">{t('products.breadcrumb.home')}</RouteLink>
        </div>
      </section>
    );
  }
  return <CategoryContent categories={result.data} category={category} />;
}

interface CategoryContentProps {
  categories: readonly Produktkategorie[];
  category: Produktkategorie;
}

function CategoryContent({ categories, category }: CategoryContentProps) {
  const t = useT();
  const headingId = useId();
  const { search } = useLocation();
  const [manufacturer, setManufacturer] = useState('');
  // One "now" per page view: every card decides its reward window alike (SPEC 4).
  const now = useMemo(() => wireDateTime(new Date()), []);
  useDocumentTitle(category.Titel);

  const devicePage = isDevicePage(category);
  const tariffId = devicePage ? positiveInteger(new URLSearchParams(search).get('tarifId')) : undefined;
  const query: ProductListQuery = {
    quelle: category.Quelle,
    kategorie: category.Kategorie,
    ...(category.Tarifart ? { tarifart: category.Tarifart } : {}),
    ...(tariffId ? { tarifId: tariffId } : {}),
  };
  const products = useProducts(query);
  const preselectedIds = [category.HauptproduktId, category.TvProduktId].filter(
    (id): id is number => id !== undefined,
  );
  const preselected = useProductsById(preselectedIds);

  return (
    <section className={styles.category} aria-labelledby={headingId}>
      <div className="container">
        <CategoryBreadcrumb categories={categories} category={category} />
        <div className={styles.header}>
          <div>
            <h1 id={headingId} lang={PRODUCT_DATA_LANGUAGE}>
              {category.Titel}
            </h1>
            {category.Untertitel && (
              <p className={styles.subtitle} lang={PRODUCT_DATA_LANGUAGE}>
                {category.Untertitel}
              </p>
            )}
            <p className={styles.description} lang={PRODUCT_DATA_LANGUAGE}>
              {category.Beschreibung}
            </p>
          </div>
          <CategoryPicture category={category} />
        </div>
        {preselected.result.ok && preselected.result.data.length > 0 && (
          <>
            <h2>{t('products.preselected.headline')}</h2>
            <ul className={deck.deck}>
              {preselected.result.data.map((product) => (
                <ProductCard key={product.Id} product={product} now={now} preselected />
              ))}
            </ul>
          </>
        )}
        <h2 className={styles.deckHeadline}>
          {t(category.Auswahlziel === 'recommend' ? 'products.deck.headline' : 'products.deck.tariffs')}
        </h2>
        {tariffId !== undefined && products.result.ok && (
          <TariffNotice
            category={category}
            tariffName={products.result.data.find(isOffer)?.TarifAnzeigeName ?? String(tariffId)}
          />
        )}
        {devicePage && tariffId === undefined && (
          <ManufacturerFilter
            categoryCode={category.Kategorie}
            value={manufacturer}
            onChange={setManufacturer}
          />
        )}
        {products.result.ok ? (
          <Deck
            categories={categories}
            category={category}
            // The manufacturer filter narrows the list already loaded: at once, without a new call.
            products={products.result.data.filter(
              (product) => manufacturer === '' || (isOffer(product) && product.Hersteller === manufacturer),
            )}
            now={now}
          />
        ) : (
          <FailureMessage error={products.result.error} onRetry={products.retry} />
        )}
      </div>
    </section>
  );
}

interface DeckProps extends CategoryContentProps {
  products: readonly Produkt[];
  now: string;
}

/** The cards and how many there are (announced when the manufacturer filter changes them). */
function Deck({ categories, category, products, now }: DeckProps) {
  const t = useT();
  const tariffPage = category.Auswahlziel !== 'recommend';
  const tariffs = tariffPage ? tariffsOf(products.filter(isOffer)) : [];
  const target = selectionTarget(categories, category);
  const count = tariffPage ? tariffs.length : products.length;
  return (
    <>
      <p role="status" className={deck.muted}>
        {count === 0 ? t('products.empty') : t('products.deck.count', { count })}
      </p>
      {count > 0 && (
        <ul className={deck.deck}>
          {tariffPage
            ? tariffs.map((tariff) => (
                <TariffCard
                  key={tariff.TarifId}
                  tariff={tariff}
                  now={now}
                  {...(target
                    ? {
                        target: {
                          pfad: target.Pfad,
                          label:
                            category.Auswahlziel === 'smartphones'
                              ? 'products.choose.smartphones'
                              : 'products.choose.tablets',
                        },
                      }
                    : {})}
                />
              ))
            : products.map((product) => <ProductCard key={product.Id} product={product} now={now} />)}
        </ul>
      )}
    </>
  );
}

/** The category picture's box (2:1, the demo catalogue's drawings); others are fitted in. */
const CATEGORY_PICTURE = { width: 480, height: 240 } as const;

/**
 * The category's own picture (SPEC 7: /produktkategorie/{id}/grafik) beside its title; a category without
 * one shows none rather than a placeholder. It opens the page, so it is not deferred; it is decorative,
 * the title names the category.
 */
function CategoryPicture({ category }: { category: Produktkategorie }) {
  const base = useProductApiBase();
  if (!category.Grafik) return null;
  return (
    <Picture
      className={styles.picture}
      src={categoryImageUrl(base, category.Id, 'grafik')}
      alt=""
      width={CATEGORY_PICTURE.width}
      height={CATEGORY_PICTURE.height}
      // The page's largest picture above the fold: fetched first (Lighthouse took it as the largest paint).
      loading="priority"
    />
  );
}

/** On a device page reached from a tariff: which tariff the devices are for, and the way back to all. */
function TariffNotice({ category, tariffName }: { category: Produktkategorie; tariffName: string }) {
  const t = useT();
  return (
    <p className={styles.notice}>
      {t('products.tariffFilter.notice', { tariff: tariffName })}{' '}
      <CategoryLink category={category.Pfad}>{t('products.tariffFilter.reset')}</CategoryLink>
    </p>
  );
}

function positiveInteger(value: string | null): number | undefined {
  if (value === null || !/^[1-9][0-9]{0,8}$/.test(value)) return undefined;
  return Number(value);
}
