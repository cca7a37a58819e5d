import { CategoryLink, formatMoney, PRODUCT_DATA_LANGUAGE, type Tariff, useT } from '../../runtime/index.ts';
import deck from '../shared/CardDeck.module.css';
import styles from './ProductCategory.module.css';
import { RewardBadge } from './RewardBadge.tsx';

export interface TariffCardProps {
  tariff: Tariff;
  now: string;
  /** The device page the select button leads to (SPEC 2: select target smartphones or tablets). */
  target?: { pfad: string; label: 'products.choose.smartphones' | 'products.choose.tablets' };
}

/** One tariff of a tariff page; its select button opens the devices offered with it. */
export function TariffCard({ tariff, now, target }: TariffCardProps) {
  const t = useT();
  return (
    <li className={deck.card}>
      <h3 lang={PRODUCT_DATA_LANGUAGE}>{tariff.TarifAnzeigeName}</h3>
      <ul className={deck.badges}>
        <RewardBadge rewards={tariff.Praemien} now={now} />
      </ul>
      <p className={deck.muted} lang={PRODUCT_DATA_LANGUAGE}>
        {tariff.beschreibung}
      </p>
      <p className={styles.price}>{t('products.price.monthly', { value: formatMoney(tariff.PreisTarif) })}</p>
      <p>{t('products.devices', { count: tariff.devices })}</p>
      {target && (
        <div className={deck.action}>
          <CategoryLink
            category={target.pfad}
            search={`tarifId=${tariff.TarifId}`}
            className="button"
            aria-label={`${t(target.label)}: ${tariff.TarifAnzeigeName}`}
          >
            {t(target.label)}
          </CategoryLink>
        </div>
      )}
    </li>
  );
}
