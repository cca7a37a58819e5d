import { useId } from 'react';
import { useT } from '../../runtime/index.ts';
import styles from '../shared/agency/Agency.module.css';
import { ProfiCreditNotes } from '../shared/profi/ProfiCreditNotes.tsx';
import type { ProfiBillingProps } from './schema.ts';

/**
 * The profi-seller's billing (issue 16): the monthly self-billing credit notes over the approved
 * commissions, with net, VAT and gross, whether each is paid (one SEPA transfer per credit note), and the
 * PDF of each.
 */
export function ProfiBilling({
  headline = 'profi.billing.headline',
  intro = 'profi.billing.intro',
}: ProfiBillingProps) {
  const t = useT();
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline)}</h1>
        <p>{t(intro)}</p>
        <ProfiCreditNotes caption={t('profi.billing.caption')} />
      </div>
    </section>
  );
}
