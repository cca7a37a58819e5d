import type { WidgetProps } from '@rjsf/utils';
import styles from '../SchemaForm.module.css';
import { describedBy } from './fieldIds.ts';

/** A boolean as one checkbox with its label beside it (terms, newsletter). */
export function CheckboxWidget({
  id,
  htmlName,
  value,
  disabled,
  readonly,
  label,
  onChange,
  onBlur,
  onFocus,
  rawErrors,
  required,
}: WidgetProps) {
  const hasError = (rawErrors?.length ?? 0) > 0;
  return (
    <div className={styles.checkbox}>
      <input
        type="checkbox"
        id={id}
        name={htmlName || id}
        checked={value === true}
        disabled={disabled || readonly}
        aria-required={required || undefined}
        aria-invalid={hasError || undefined}
        aria-describedby={describedBy(id, hasError)}
        onChange={(event) => onChange(event.target.checked)}
        onBlur={(event) => onBlur(id, event.target.checked)}
        onFocus={(event) => onFocus(id, event.target.checked)}
      />
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
    </div>
  );
}
