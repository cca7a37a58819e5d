import { useId } from 'react';
import { formatMoney, useT } from '../../runtime/index.ts';
import { type Steuerhinweis, TAX_FREE_LIMIT_CENT } from '../../schemas/personalArea.ts';
import styles from '../shared/PersonalArea.module.css';

/**
 * § 22 Nr. 3 EStG: once the rewards paid in a year come near the tax-free limit, the recommender is told
 * how much they got and that above the limit all of it is taxable. The server decides when (`Anzeigen`).
 * A note, not a landmark: it sits inside the dashboard's own section.
 */
export function TaxNotice({ notice }: { notice: Steuerhinweis }) {
  const t = useT();
  const id = useId();
  if (!notice.Anzeigen) return null;
  return (
    <div role="note" className={styles.banner} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('dashboard.taxNotice.headline', { jahr: notice.Jahr })}</h3>
      <p>
        {t('dashboard.taxNotice.text', {
          summe: formatMoney(notice.SummeCent),
          // The limit is the law's, not the server's: the text must not change with a wrong answer.
          freigrenze: formatMoney(TAX_FREE_LIMIT_CENT),
        })}
      </p>
    </div>
  );
}
