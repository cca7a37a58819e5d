import { useId, useState } from 'react';
import {
  RouteLink,
  useFormSubmit,
  useMandant,
  useRecommender,
  useRouteHref,
  useSession,
  useT,
} from '../../runtime/index.ts';
import panel from '../shared/Panel.module.css';
import styles from '../shared/PersonalArea.module.css';
import { DeleteAccount } from './DeleteAccount.tsx';
import { NewsletterSettings } from './NewsletterSettings.tsx';
import { NotificationSettings } from './NotificationSettings.tsx';
import { PersonalDataForm } from './PersonalDataForm.tsx';
import type { MyDataProps } from './schema.ts';

/**
 * My data (SPEC 2, Settings / MeineDaten; login required, disabled with autologin): own data, the
 * newsletter double opt-in (ModuleNewsletterPermission), the optional notification mails (issue 13), the
 * way to the bank data (ModuleStoringBankdata), the data export (GDPR Art. 20) and the deletion of the
 * account (GDPR Art. 17).
 */
export function MyData({ headline = 'myData.headline', intro = 'myData.intro' }: MyDataProps) {
  const t = useT();
  const id = useId();
  const mandant = useMandant();
  const { user } = useSession();
  const changePassword = useRouteHref('ChangePassword');
  return (
    <section className={panel.panel} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline)}</h1>
        <p>{t(intro)}</p>
        {user && (
          <>
            <PersonalDataForm user={user} />
            {changePassword && (
              <div className={styles.actions}>
                <RouteLink to="ChangePassword">{t('myData.password')}</RouteLink>
              </div>
            )}
            {mandant.ModuleNewsletterPermission && <NewsletterSettings user={user} />}
            <NotificationSettings />
            {mandant.ModuleStoringBankdata && (
              <section className={styles.subsection} aria-labelledby={`${id}-bank`}>
                <h2 id={`${id}-bank`}>{t('myData.bank.headline')}</h2>
                <p>{t('myData.bank.text')}</p>
                <RouteLink to="BankDetailsRecommender">{t('myData.bank.link')}</RouteLink>
              </section>
            )}
            <DataExport mandantId={mandant.id} />
            <DeleteAccount />
          </>
        )}
      </div>
    </section>
  );
}

function DataExport({ mandantId }: { mandantId: string }) {
  const t = useT();
  const id = useId();
  const recommender = useRecommender();
  const { busy, failure, run } = useFormSubmit();
  const [done, setDone] = useState(false);
  async function download() {
    if (busy) return;
    setDone(false);
    const outcome = await run(() => recommender.downloadExport(`meine-daten-${mandantId}.json`));
    if (outcome?.ok) setDone(true);
  }
  return (
    <section className={styles.subsection} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('export.headline')}</h2>
      <p>{t('export.text')}</p>
      <div aria-live="polite">{done && <p className={styles.notice}>{t('export.done')}</p>}</div>
      {failure && (
        <p className={panel.alert} role="alert">
          {failure}
        </p>
      )}
      <button
        type="button"
        className={styles.secondaryButton}
        onClick={download}
        aria-disabled={busy || undefined}
      >
        {t(busy ? 'export.busy' : 'export.button')}
      </button>
    </section>
  );
}
