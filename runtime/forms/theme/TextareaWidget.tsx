import type { WidgetProps } from '@rjsf/utils';
import styles from '../SchemaForm.module.css';
import { describedBy } from './fieldIds.ts';
import own from './TextareaWidget.module.css';

/**
 * A multi-line text (`ui:widget: textarea`, e.g. the contact form's message); `ui:options.rows` sets its
 * height. Labelled by the field template; `aria-invalid` and `aria-describedby` only while it has an error.
 */
export function TextareaWidget({
  id,
  htmlName,
  value,
  required,
  disabled,
  readonly,
  options,
  rawErrors,
  onChange,
  onBlur,
  onFocus,
}: WidgetProps) {
  const hasError = (rawErrors?.length ?? 0) > 0;
  const autoComplete = typeof options.autocomplete === 'string' ? options.autocomplete : undefined;
  return (
    <textarea
      id={id}
      name={htmlName || id}
      className={`${styles.input} ${own.textarea}`}
      value={typeof value === 'string' ? value : ''}
      rows={typeof options.rows === 'number' ? options.rows : 8}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      autoComplete={autoComplete}
      aria-invalid={hasError || undefined}
      aria-describedby={describedBy(id, hasError)}
      onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}
