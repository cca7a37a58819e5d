import { useEffect, useId, useRef } from 'react';
import { fetchProfiCommissions, formatDate, formatMoney, useT } from '../../runtime/index.ts';
import styles from '../shared/agency/Agency.module.css';
import { MoreButton } from '../shared/MoreButton.tsx';
import profi from '../shared/profi/Profi.module.css';
import { ProfiFailure, ProfiLoading } from '../shared/profi/ProfiStates.tsx';
import { usePagedList } from '../shared/usePagedList.ts';
import type { ProfiCommissionsProps } from './schema.ts';

/**
 * The profi-seller's commissions (issue 16): one line per order — the product's Provision, campaign
 * extras, the amount — with its status (open, approved, paid, cancelled) and a plain explanation of why
 * it is there (`profi.grund.<Grund>`), newest first, a page at a time behind "more".
 */
export function ProfiCommissions({
  headline = 'profi.commissions.headline',
  intro = 'profi.commissions.intro',
}: ProfiCommissionsProps) {
  const t = useT();
  const id = useId();
  const [lines, more] = usePagedList((cursor) => fetchProfiCommissions(cursor));
  const focus = useRef<HTMLTableCellElement>(null);
  const firstAdded = lines.state === 'done' ? lines.firstAdded : -1;
  useEffect(() => {
    if (firstAdded >= 0) focus.current?.focus();
  }, [firstAdded]);

  return (
    <section className={styles.section} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline)}</h1>
        <p>{t(intro)}</p>
        {lines.state === 'loading' && <ProfiLoading />}
        {lines.state === 'failed' && <ProfiFailure error={lines.error} />}
        {lines.state === 'done' && lines.entries.length === 0 && <p>{t('profi.commissions.none')}</p>}
        {lines.state === 'done' && lines.entries.length > 0 && (
          <>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls; the keyboard must reach it (WCAG 2.1.1) */}
            <section className={profi.scroll} aria-labelledby={`${id}-caption`} tabIndex={0}>
              <table className={profi.table}>
                <caption id={`${id}-caption`}>{t('profi.commissions.caption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('profi.column.Auftragsnummer')}</th>
                    <th scope="col">{t('profi.column.Datum')}</th>
                    <th scope="col">{t('profi.column.Produkt')}</th>
                    <th scope="col" className={profi.numeric}>
                      {t('profi.column.BasisCent')}
                    </th>
                    <th scope="col" className={profi.numeric}>
                      {t('profi.column.ExtraCent')}
                    </th>
                    <th scope="col" className={profi.numeric}>
                      {t('profi.column.BetragCent')}
                    </th>
                    <th scope="col">{t('profi.column.ProvisionStatus')}</th>
                    <th scope="col">{t('profi.column.Grund')}</th>
                    <th scope="col">{t('profi.column.Gutschrift')}</th>
                  </tr>
                </thead>
                <tbody>
                  {lines.entries.map((line, index) => (
                    <tr key={line.Auftragsnummer}>
                      <td
                        tabIndex={index === firstAdded ? -1 : undefined}
                        ref={index === firstAdded ? focus : undefined}
                      >
                        {line.Auftragsnummer}
                      </td>
                      <td>{formatDate(line.Datum)}</td>
                      <td>{line.Produkt ?? line.ProduktId}</td>
                      <td className={profi.numeric}>{formatMoney(line.BasisCent)}</td>
                      <td className={profi.numeric}>{formatMoney(line.ExtraCent)}</td>
                      <td className={profi.numeric}>{formatMoney(line.BetragCent)}</td>
                      <td>{t(`profi.commissionStatus.${line.Status}`)}</td>
                      <td className={profi.explanation}>{t(`profi.grund.${line.Grund}`)}</td>
                      <td>{line.Gutschrift ?? '–'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
            <MoreButton
              list={lines}
              more={more}
              texts={{
                more: 'profi.commissions.more',
                loading: 'profi.commissions.moreLoading',
                loaded: 'profi.commissions.moreLoaded',
              }}
            />
          </>
        )}
      </div>
    </section>
  );
}
