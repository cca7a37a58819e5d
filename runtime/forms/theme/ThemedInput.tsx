import { getInputProps, type WidgetProps } from '@rjsf/utils';
import type { ChangeEvent } from 'react';
import styles from '../SchemaForm.module.css';
import { describedBy } from './fieldIds.ts';

export interface ThemedInputProps
  extends Pick<
    WidgetProps,
    | 'id'
    | 'htmlName'
    | 'value'
    | 'readonly'
    | 'disabled'
    | 'required'
    | 'onBlur'
    | 'onFocus'
    | 'onChange'
    | 'options'
    | 'schema'
    | 'rawErrors'
  > {
  /** The input's type (text, email, password, number …). */
  type: string;
  /** The field has a description (a hint, the password rules) that the input names in aria-describedby. */
  described?: boolean;
}

/**
 * The one input of the theme, for BaseInputTemplate and the widgets with a hint: `aria-invalid` and
 * `aria-describedby` only name what is there (the error first, then the description), `ui:autocomplete`
 * becomes `autocomplete`, and an emptied field is the schema's `emptyValue`.
 */
export function ThemedInput({
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
  type,
  described = false,
}: ThemedInputProps) {
  const invalid = (rawErrors?.length ?? 0) > 0;
  const autoComplete = typeof options.autocomplete === 'string' ? options.autocomplete : undefined;
  return (
    <input
      id={id}
      name={htmlName || id}
      className={styles.input}
      {...getInputProps(schema, type, options)}
      value={value ?? ''}
      readOnly={readonly}
      disabled={disabled}
      required={required}
      autoComplete={autoComplete}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy(id, invalid, described)}
      onChange={(event: ChangeEvent<HTMLInputElement>) =>
        onChange(event.target.value === '' ? options.emptyValue : event.target.value)
      }
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}
