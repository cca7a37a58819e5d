import type { FieldTemplateProps } from '@rjsf/utils';
import styles from '../SchemaForm.module.css';
import { errorIdOf } from './fieldIds.ts';

/**
 * One field: label, input, the first error under it (SPEC 5 wording, tied to the input by the widget's
 * aria-describedby). Checkboxes and radio groups label themselves; the root object has no label.
 */
export function FieldTemplate({
  id,
  label,
  children,
  rawErrors,
  hidden,
  displayLabel,
  required,
  schema,
}: FieldTemplateProps) {
  if (hidden) return <div hidden>{children}</div>;
  const error = rawErrors?.find(Boolean);
  const labelled = displayLabel && schema.type !== 'boolean' && schema.type !== 'object' && label;
  return (
    <div className={styles.field}>
      {labelled && (
        <label className={styles.label} htmlFor={id}>
          {label}
          {required && <span aria-hidden="true"> *</span>}
        </label>
      )}
      {children}
      {error && (
        <p id={errorIdOf(id)} className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
