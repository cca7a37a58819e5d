import { type MouseEvent, useEffect, useRef } from 'react';
import styles from './RecipientForm.module.css';

export interface FormError {
  /** The id of the field the message belongs to. */
  fieldId: string;
  message: string;
}

export interface ErrorSummaryProps {
  title: string;
  errors: readonly FormError[];
  /** Changes with every submit, so the summary takes the focus again after each failed attempt. */
  attempt: number;
}

/**
 * The list of a form's problems above the form (WCAG 3.3.1): it takes the focus after a failed submit so
 * screen readers read it (heading and list), and each entry jumps to its field.
 */
export function ErrorSummary({ title, errors, attempt }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = errors.length > 0;

  useEffect(() => {
    if (shown && attempt > 0) ref.current?.focus();
  }, [shown, attempt]);

  if (!shown) return null;
  const focusField = (event: MouseEvent<HTMLAnchorElement>, fieldId: string) => {
    event.preventDefault();
    document.getElementById(fieldId)?.focus();
  };
  return (
    <div ref={ref} className={styles.summary} tabIndex={-1}>
      <h2 className={styles.summaryTitle}>{title}</h2>
      <ul className={styles.summaryList}>
        {errors.map((error) => (
          <li key={error.fieldId}>
            <a href={`#${error.fieldId}`} onClick={(event) => focusField(event, error.fieldId)}>
              {error.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
