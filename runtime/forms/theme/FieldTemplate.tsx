import type { FieldTemplateProps } from '@rjsf/utils';
import styles from '../SchemaForm.module.css';
import { errorIdOf } from './fieldIds.ts';

/** Widgets that name their group with a legend of their own: a label here would say it a second time. */
const GROUP_WIDGETS: ReadonlySet<unknown> = new Set(['radioChoice']);

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
  uiSchema,
}: FieldTemplateProps) {
  if (hidden) return <div hidden>{children}</div>;
  const error = rawErrors?.find(Boolean);
  const labelled =
    displayLabel &&
    schema.type !== 'boolean' &&
    schema.type !== 'object' &&
    !GROUP_WIDGETS.has(uiSchema?.['ui:widget']) &&
    label;
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
