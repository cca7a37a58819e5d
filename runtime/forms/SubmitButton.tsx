import { useT } from '../i18n/useT.ts';
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
  return (
    <button
      type="submit"
      className={['button', styles.submit, className].filter(Boolean).join(' ')}
      aria-disabled={busy || undefined}
    >
      {t(busy && busyLabel ? busyLabel : label)}
    </button>
  );
}
