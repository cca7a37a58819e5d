import type { ReactNode, Ref } from 'react';
import styles from './AccountForm.module.css';

export interface TextFieldProps {
  id: string;
  label: string;
  /** Shown under the field and tied to it (aria-describedby, aria-invalid); null when the value is fine. */
  error: string | null;
  /** Help shown under the label before any error (e.g. the password rules), also tied to the field. */
  hint?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  type?: 'text' | 'email' | 'password' | 'search';
  /** Fields are required unless said otherwise (a search box is not). */
  required?: boolean;
  name: string;
  autoComplete: string;
  inputMode?: 'email' | 'text';
}

/** A labelled input of the account forms with its hint and error, wired for screen readers. */
export function TextField({
  id,
  label,
  error,
  hint,
  inputRef,
  type = 'text',
  name,
  autoComplete,
  inputMode,
  required = true,
}: TextFieldProps) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {hint && (
        <div id={`${id}-hint`} className={styles.hint}>
          {hint}
        </div>
      )}
      <input
        ref={inputRef}
        id={id}
        className={styles.input}
        type={type}
        name={name}
        autoComplete={autoComplete}
        {...(inputMode ? { inputMode } : {})}
        required={required}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={described || undefined}
      />
      {error && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
