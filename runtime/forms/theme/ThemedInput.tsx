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

const INPUT_MODES = ['numeric', 'decimal', 'tel', 'email', 'url', 'search', 'text'] as const;
type InputMode = (typeof INPUT_MODES)[number];

/** `ui:options.inputmode` (e.g. `numeric` for a one-time code: the phone's digit keyboard), when valid. */
function inputModeOf(options: object): InputMode | undefined {
  const { inputmode } = options as { inputmode?: unknown };
  return (INPUT_MODES as readonly unknown[]).includes(inputmode) ? (inputmode as InputMode) : undefined;
}

/**
 * The one input of the theme, for BaseInputTemplate and the widgets with a hint: `aria-invalid` and
 * `aria-describedby` only name what is there (the error first, then the description), `ui:autocomplete`
 * becomes `autocomplete`, `ui:options.inputmode` becomes `inputmode`, and an emptied field is the schema's
 * `emptyValue`.
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
  const inputMode = inputModeOf(options);
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
      {...(inputMode ? { inputMode } : {})}
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
