import { useT } from '../i18n/useT.ts';
import { useHydrated } from '../ssr/useHydrated.ts';
import styles from './SchemaForm.module.css';

export interface SubmitButtonProps {
  /** i18n key of the button's text. */
  label: string;
  /** i18n key while the call runs (the button stays focusable and says so: aria-disabled, not disabled). */
  busyLabel?: string;
  busy: boolean;
  className?: string;
}

/** The submit button of every form: one look, and a busy state that screen readers hear. */
export function SubmitButton({ label, busyLabel, busy, className }: SubmitButtonProps) {
  const t = useT();
  // A server-rendered form submits once its code is there, never natively (that would put the fields
  // into the URL): disabled until the page is hydrated.
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      className={['button', styles.submit, className].filter(Boolean).join(' ')}
      aria-disabled={busy || undefined}
      disabled={!hydrated || undefined}
    >
      {t(busy && busyLabel ? busyLabel : label)}
    </button>
  );
}
