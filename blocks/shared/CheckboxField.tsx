import type { ReactNode, Ref } from 'react';
import styles from './RecipientForm.module.css';

export interface CheckboxFieldProps {
  id: string;
  name: string;
  label: ReactNode;
  /** Shown under the box and tied to it (aria-describedby, aria-invalid); null when it is fine. */
  error: string | null;
  /** More text tied to the box (e.g. links to the terms), outside the label so links stay links. */
  hint?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
}

/** A required checkbox (terms, consent) with its label, hint and error, wired for screen readers. */
export function CheckboxField({ id, name, label, error, hint, inputRef }: CheckboxFieldProps) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={styles.checkboxField}>
      <div className={styles.checkboxRow}>
        <input
          ref={inputRef}
          id={id}
          className={styles.checkbox}
          type="checkbox"
          name={name}
          required
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={described || undefined}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      {hint && (
        <div id={`${id}-hint`} className={styles.checkboxHint}>
          {hint}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
