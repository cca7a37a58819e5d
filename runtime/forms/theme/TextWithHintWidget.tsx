import { getInputProps, type WidgetProps } from '@rjsf/utils';
import styles from '../SchemaForm.module.css';
import { describedBy, descriptionIdOf } from './fieldIds.ts';
import hintStyles from './TextWithHintWidget.module.css';

/**
 * A text input with a hint under its label (`ui:options.hint`, e.g. an IBAN's example or 'German IBANs
 * only'), read out as the input's description together with its error. Like BaseInputTemplate otherwise:
 * `ui:autocomplete` becomes `autocomplete`, an emptied field is `emptyValue`.
 */
export function TextWithHintWidget({
  id,
  htmlName,
  value,
  readonly,
  disabled,
  required,
  onBlur,
  onFocus,
  onChange,
  options,
  schema,
  rawErrors,
}: WidgetProps) {
  const hint = typeof options.hint === 'string' && options.hint !== '' ? options.hint : null;
  const hasError = (rawErrors?.length ?? 0) > 0;
  const autoComplete = typeof options.autocomplete === 'string' ? options.autocomplete : undefined;
  return (
    <>
      {hint && (
        <p id={descriptionIdOf(id)} className={hintStyles.hint}>
          {hint}
        </p>
      )}
      <input
        id={id}
        name={htmlName || id}
        className={styles.input}
        {...getInputProps(schema, 'text', options)}
        value={value ?? ''}
        readOnly={readonly}
        disabled={disabled}
        required={required}
        autoComplete={autoComplete}
        aria-invalid={hasError || undefined}
        aria-describedby={describedBy(id, hasError, hint !== null)}
        onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
        onBlur={(event) => onBlur(id, event.target.value)}
        onFocus={(event) => onFocus(id, event.target.value)}
      />
    </>
  );
}
