import { failureCode, failureMessage, RouteLink, useT } from '../../../runtime/index.ts';
import styles from '../agency/Agency.module.css';

/** While a profi section's data loads (a polite live region, so a screen reader hears when it is there). */
export function ProfiLoading() {
  const t = useT();
  return <p aria-live="polite">{t('profi.loading')}</p>;
}

/**
 * A profi section's data could not be loaded. A logged-in account that is no profi-seller (403 PSOF0940)
 * is told so plainly and offered the registration; any other failure says why (the catalogue's text) and
 * offers to try again.
 */
export function ProfiFailure({ error, retry }: { error: unknown; retry?: () => void }) {
  const t = useT();
  if (failureCode(error) === 'PSOF0940') {
    return (
      <div className={styles.notice} role="note">
        <p>{t('profi.notSeller.text')}</p>
        <p>
          <RouteLink to="ProfiRegistration">{t('profi.notSeller.register')}</RouteLink>
        </p>
      </div>
    );
  }
  return (
    <div className={styles.block}>
      <p className={styles.alert} role="alert">
        {failureMessage(t, error)}
      </p>
      {retry && (
        <button type="button" className={styles.small} onClick={retry}>
          {t('profi.retry')}
        </button>
      )}
    </div>
  );
}
