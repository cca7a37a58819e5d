import { wireDateTime } from '../../domain/format.ts';
import { formatMoney, rewardLabel, useProductsById, useT } from '../../runtime/index.ts';
import styles from './RecommendForm.module.css';

const PRODUCT_ID = /^[1-9][0-9]{0,9}$/;

/** What is recommended and the reward shown for it (SPEC 4 reward window); nothing for an agent id. */
export function ProductSummary({ productId }: { productId: string }) {
  if (!PRODUCT_ID.test(productId)) return null;
  return <NumberedProduct id={Number(productId)} />;
}

function NumberedProduct({ id }: { id: number }) {
  const t = useT();
  const { result } = useProductsById([id]);
  const product = result.ok ? result.data[0] : undefined;
  if (!product) return null;
  const name = 'TarifHandyAnzeigeName' in product ? product.TarifHandyAnzeigeName : product.AnzeigeName;
  const reward = rewardLabel(product.Praemien, wireDateTime(new Date()));
  return (
    <div className={styles.summary}>
      <p className={styles.summaryProduct}>{t('recommend.form.product', { name })}</p>
      {reward && (
        <p>
          {t(reward.kind === 'upTo' ? 'recommend.form.rewardUpTo' : 'recommend.form.reward', {
            amount: formatMoney(reward.cents),
          })}
        </p>
      )}
    </div>
  );
}
