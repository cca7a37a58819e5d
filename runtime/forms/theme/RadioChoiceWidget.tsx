import type { WidgetProps } from '@rjsf/utils';
import styles from '../SchemaForm.module.css';
import { describedBy } from './fieldIds.ts';

/** A choice offered at run time (`ui:options.choices`), e.g. the reward split the mandant allows. */
export interface RadioChoice {
  value: number | string;
  label: string;
}

/** Radio buttons in a fieldset whose legend is the field's label (FieldTemplate adds none of its own). */
export function RadioChoiceWidget({
  id,
  value,
  disabled,
  readonly,
  label,
  onChange,
  options,
  rawErrors,
  required,
}: WidgetProps) {
  const choices = (options.choices as RadioChoice[] | undefined) ?? [];
  const hasError = (rawErrors?.length ?? 0) > 0;
  return (
    <fieldset className={styles.choices} aria-describedby={describedBy(id, hasError)}>
      <legend className={styles.label}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </legend>
      {choices.map((choice, index) => (
        <div key={String(choice.value)} className={styles.checkbox}>
          <input
            type="radio"
            id={`${id}-${index}`}
            name={id}
            checked={value === choice.value}
            disabled={disabled || readonly}
            onChange={() => onChange(choice.value)}
          />
          <label htmlFor={`${id}-${index}`}>{choice.label}</label>
        </div>
      ))}
    </fieldset>
  );
}
