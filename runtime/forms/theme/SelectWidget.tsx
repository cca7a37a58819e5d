import type { WidgetProps } from '@rjsf/utils';
import styles from '../SchemaForm.module.css';
import { describedBy } from './fieldIds.ts';

/**
 * A string `enum` as a native select (e.g. the salutation); the choices' texts come from `ui:enumNames`. The
 * option values are the enum's own, so '' can be a real choice ("Keine Angabe"); without one, and without a
 * schema default, an empty first option stands for "nothing chosen" (`ui:placeholder` words it). A string
 * without an enum takes its choices from `ui:options.choices` ({ value, label }[]; e.g. choices the server
 * answers at run time, which a form schema fixed at build time cannot hold).
 */
export function SelectWidget({
  id,
  htmlName,
  value,
  disabled,
  readonly,
  required,
  placeholder,
  schema,
  options,
  rawErrors,
  onChange,
  onBlur,
  onFocus,
}: WidgetProps) {
  const choices =
    options.enumOptions ??
    (Array.isArray(options.choices)
      ? (options.choices as { value: string; label: string; schema?: { readOnly?: boolean } }[])
      : []);
  const hasError = (rawErrors?.length ?? 0) > 0;
  const chosen = choices.find((choice) => choice.value === value);
  const placeholderOption = schema.default === undefined && !choices.some((choice) => choice.value === '');
  const autoComplete = typeof options.autocomplete === 'string' ? options.autocomplete : undefined;
  const choiceValue = (text: string) => {
    const choice = choices.find((candidate) => String(candidate.value) === text);
    return choice ? choice.value : options.emptyValue;
  };
  return (
    <select
      id={id}
      name={htmlName || id}
      className={styles.input}
      value={chosen ? String(chosen.value) : ''}
      disabled={disabled || readonly}
      required={required}
      autoComplete={autoComplete}
      aria-invalid={hasError || undefined}
      aria-describedby={describedBy(id, hasError)}
      onChange={(event) => onChange(choiceValue(event.target.value))}
      onBlur={(event) => onBlur(id, choiceValue(event.target.value))}
      onFocus={(event) => onFocus(id, choiceValue(event.target.value))}
    >
      {placeholderOption && <option value="">{placeholder ?? ''}</option>}
      {choices.map((choice) => (
        <option key={String(choice.value)} value={String(choice.value)} disabled={choice.schema?.readOnly}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}
