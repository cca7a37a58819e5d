import { useId } from 'react';
import { useT } from '../i18n/useT.ts';
import { RouteLink } from '../router/RouteLink.tsx';
import styles from './Consent.module.css';
import { ALL_ACCEPTED, type ConsentChoice, ONLY_REQUIRED } from './consentState.ts';

export interface ConsentBannerProps {
  onDecide: (choice: ConsentChoice) => void;
  onSettings: () => void;
}

/**
 * A non-modal region (the page stays usable, e.g. to read the privacy policy first). First in the shell's
 * DOM so that keyboard and screen-reader users meet it right after the skip link; shown at the bottom.
 * Accepting and declining look alike: declining must be as easy as accepting.
 */
export function ConsentBanner({ onDecide, onSettings }: ConsentBannerProps) {
  const t = useT();
  const titleId = useId();
  return (
    <section className={styles.banner} aria-labelledby={titleId}>
      <div className={`container ${styles.bannerInner}`}>
        <h2 id={titleId} className={styles.title}>
          {t('consent.banner.title')}
        </h2>
        <p className={styles.text}>
          {t('consent.banner.text')} <RouteLink to="Privacy">{t('consent.privacyLink')}</RouteLink>
        </p>
        <div className={styles.actions}>
          <button
            type="button"
            className={`button ${styles.button}`}
            data-consent-action="all"
            onClick={() => onDecide(ALL_ACCEPTED)}
          >
            {t('consent.acceptAll')}
          </button>
          <button
            type="button"
            className={`button ${styles.button}`}
            data-consent-action="required"
            onClick={() => onDecide(ONLY_REQUIRED)}
          >
            {t('consent.onlyRequired')}
          </button>
          <button
            type="button"
            className={`button ${styles.button} ${styles.secondary}`}
            data-consent-action="settings"
            onClick={onSettings}
            aria-haspopup="dialog"
          >
            {t('consent.settings')}
          </button>
        </div>
      </div>
    </section>
  );
}
