import { useSetAtom } from 'jotai';
import { useT } from '../i18n/useT.ts';
import styles from './ConsentSettingsLink.module.css';
import { consentDialogOpenAtom } from './consentUiAtoms.ts';

/**
 * "Cookie-Einstellungen" among the footer's links: re-opens the settings dialog of our banner (the footer
 * shows it only with `useInternalConsentManager`; an external manager brings its own). A button that
 * looks like its neighbours: it opens a dialog and goes nowhere.
 */
export function ConsentSettingsLink() {
  const t = useT();
  const open = useSetAtom(consentDialogOpenAtom);
  return (
    <button type="button" className={styles.link} onClick={() => open(true)} aria-haspopup="dialog">
      {t('consent.footer.link')}
    </button>
  );
}
