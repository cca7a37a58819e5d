import { type BaseInputTemplateProps, getInputProps } from '@rjsf/utils';
import type { ChangeEvent } from 'react';
import styles from '../SchemaForm.module.css';
import { describedBy } from './fieldIds.ts';

/**
 * Text, e-mail and number inputs. `aria-invalid` and `aria-describedby` point at the field's error only when
 * there is one (no references to elements that do not exist); `ui:autocomplete` becomes `autocomplete`.
 */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const {
    id,
    htmlName,
    value,
    readonly,
    disabled,
    onBlur,
    onFocus,
    onChange,
    options,
    schema,
    type,
    rawErrors,
    required,
  } = props;
  const inputProps = getInputProps(schema, type, options);
  const hasError = (rawErrors?.length ?? 0) > 0;
  const autoComplete = typeof options.autocomplete === 'string' ? options.autocomplete : undefined;
  return (
    <input
      id={id}
      name={htmlName || id}
      className={styles.input}
      {...inputProps}
      value={value ?? ''}
      readOnly={readonly}
      disabled={disabled}
      required={required}
      autoComplete={autoComplete}
      aria-invalid={hasError || undefined}
      aria-describedby={describedBy(id, hasError)}
      onChange={(event: ChangeEvent<HTMLInputElement>) =>
        onChange(event.target.value === '' ? options.emptyValue : event.target.value)
      }
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}
