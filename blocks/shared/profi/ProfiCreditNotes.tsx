import { useId, useState } from 'react';
import {
  downloadProfiCreditNote,
  failureMessage,
  fetchProfiCreditNotes,
  formatDate,
  formatMoney,
  useT,
} from '../../../runtime/index.ts';
import styles from '../agency/Agency.module.css';
import { useLoaded } from '../useLoaded.ts';
import profi from './Profi.module.css';
import { ProfiFailure, ProfiLoading } from './ProfiStates.tsx';
import { monthText } from './profiSections.ts';

/**
 * The seller's monthly credit notes (Gutschriften, § 14 Abs. 2 Satz 2 UStG), newest first: month, number,
 * date, net, VAT (with its rate; none for a small business under § 19 UStG), gross, whether it is paid, and
 * the PDF (through the API client: the session travels in a header). Billing and my area show it.
 */
export function ProfiCreditNotes({ caption }: { caption: string }) {
  const t = useT();
  const id = useId();
  const [notes, reload] = useLoaded(() => fetchProfiCreditNotes(), []);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function download(nummer: string) {
    if (busy !== null) return;
    setBusy(nummer);
    setFailure(null);
    try {
      await downloadProfiCreditNote(nummer);
    } catch (error) {
      setFailure(failureMessage(t, error));
    } finally {
      setBusy(null);
    }
  }

  if (notes.state === 'loading') return <ProfiLoading />;
  if (notes.state === 'failed') return <ProfiFailure error={notes.error} retry={reload} />;
  if (notes.value.length === 0) return <p>{t('profi.billing.none')}</p>;
  return (
    <div className={styles.block}>
      {failure && (
        <p className={styles.alert} role="alert">
          {failure}
        </p>
      )}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls; the keyboard must reach it (WCAG 2.1.1) */}
      <section className={profi.scroll} aria-labelledby={`${id}-caption`} tabIndex={0}>
        <table className={profi.table}>
          <caption id={`${id}-caption`}>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('profi.column.Monat')}</th>
              <th scope="col">{t('profi.column.Nummer')}</th>
              <th scope="col">{t('profi.column.Rechnungsdatum')}</th>
              <th scope="col" className={profi.numeric}>
                {t('profi.column.NettoCent')}
              </th>
              <th scope="col" className={profi.numeric}>
                {t('profi.column.UstCent')}
              </th>
              <th scope="col" className={profi.numeric}>
                {t('profi.column.BruttoCent')}
              </th>
              <th scope="col">{t('profi.column.Ausgezahlt')}</th>
              <th scope="col">{t('profi.column.Pdf')}</th>
            </tr>
          </thead>
          <tbody>
            {notes.value.map((note) => (
              <tr key={note.Nummer}>
                <td>{monthText(note.Monat)}</td>
                <td>{note.Nummer}</td>
                <td>{formatDate(note.Rechnungsdatum)}</td>
                <td className={profi.numeric}>{formatMoney(note.NettoCent)}</td>
                <td className={profi.numeric}>
                  {note.Steuerstatus === 'Kleinunternehmer'
                    ? t('profi.billing.noVat')
                    : `${formatMoney(note.UstCent)} (${note.UstSatzProzent}\u00a0%)`}
                </td>
                <td className={profi.numeric}>{formatMoney(note.BruttoCent)}</td>
                <td>{t(note.Ausgezahlt ? 'profi.billing.paid' : 'profi.billing.unpaid')}</td>
                <td>
                  <button
                    type="button"
                    className={styles.small}
                    aria-disabled={busy !== null || undefined}
                    aria-label={t('profi.billing.downloadFor', { nr: note.Nummer })}
                    onClick={() => void download(note.Nummer)}
                  >
                    {busy === note.Nummer ? t('profi.billing.downloading') : t('profi.billing.download')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
