import type { FieldProps, RegistryFieldsType, UiSchema } from '@rjsf/utils';
import type { ComponentType, ReactNode } from 'react';
import type { PasswordRules } from '../../domain/password.ts';
import { useT } from '../i18n/useT.ts';
import { FORM_SCHEMAS, type FormName } from './formSchemas.ts';
import styles from './SchemaForm.module.css';
import { PasswordRulesList } from './theme/PasswordRulesWidget.tsx';
import type { RadioChoice } from './theme/RadioChoiceWidget.tsx';
import textareaStyles from './theme/TextareaWidget.module.css';
import { FieldHint, hintOf } from './theme/TextWithHintWidget.tsx';

interface PropertySchema {
  type?: string;
  title?: string;
  enum?: unknown[];
}

interface FormSchema {
  properties?: Record<string, PropertySchema>;
  required?: readonly string[];
}

type FieldUi = {
  'ui:title'?: string;
  'ui:widget'?: string;
  'ui:field'?: string;
  'ui:options'?: Record<string, unknown>;
} & Record<string, unknown>;

export interface SchemaFormPlaceholderProps {
  form: FormName;
  uiSchema?: UiSchema;
  formData?: object;
  /** The block's own fields (`ui:field`), drawn with their data and formContext, never interactive. */
  fields?: RegistryFieldsType;
  formContext?: Record<string, unknown>;
  idPrefix?: string;
  /** What the block puts below the fields (the captcha, the buttons): drawn as they will be. */
  children?: ReactNode;
  /** Said to screen readers while the form loads (default: the runtime's "loading" text). */
  loadingText?: string;
}

const noop = () => undefined;

/**
 * The form as it will look, drawn from the same schema and uiSchema while rjsf and the validator load:
 * labels, inputs, radio groups, checkboxes and the block's own fields and buttons take the boxes the
 * real form's theme gives them, so nothing below moves when the form arrives (issue 12: no layout shift).
 * Inert and hidden from assistive technology (nothing in it can be used yet); a status line says that the
 * form is loading.
 */
export function SchemaFormPlaceholder({
  form,
  uiSchema = {},
  formData = {},
  fields = {},
  formContext = {},
  idPrefix = 'root',
  children,
  loadingText,
}: SchemaFormPlaceholderProps) {
  const t = useT();
  const schema = FORM_SCHEMAS[form] as FormSchema;
  const properties = schema.properties ?? {};
  const order = (uiSchema['ui:order'] as string[] | undefined)?.filter((name) => name in properties);
  const names = order ?? Object.keys(properties);
  const values = formData as Record<string, unknown>;
  return (
    <>
      <p role="status" className="visually-hidden">
        {loadingText ?? t('runtime.block.loading')}
      </p>
      <div className={styles.form} inert aria-hidden="true">
        <div className={styles.field}>
          {names.map((name) => (
            <PlaceholderField
              key={name}
              id={`${idPrefix}-placeholder_${name}`}
              name={name}
              schema={properties[name] ?? {}}
              ui={(uiSchema[name] ?? {}) as FieldUi}
              value={values[name]}
              required={schema.required?.includes(name) ?? false}
              fields={fields}
              formContext={formContext}
            />
          ))}
        </div>
        {children}
      </div>
    </>
  );
}

interface PlaceholderFieldProps {
  id: string;
  name: string;
  schema: PropertySchema;
  ui: FieldUi;
  value: unknown;
  required: boolean;
  fields: RegistryFieldsType;
  formContext: Record<string, unknown>;
}

/**
 * One property as the theme's FieldTemplate and widgets draw it (formTheme.ts): the same elements and
 * classes, but the texts are not labels of the inputs (the placeholder is no form anyone fills in, and
 * tests and assistive technology find the real form's fields only).
 */
function PlaceholderField({
  id,
  name,
  schema,
  ui,
  value,
  required,
  fields,
  formContext,
}: PlaceholderFieldProps) {
  const widget = ui['ui:widget'];
  // rjsf leaves hidden fields out of the layout (ObjectFieldTemplate).
  if (widget === 'hidden') return null;
  const label = ui['ui:title'] ?? schema.title ?? name;
  const mark = required && <span aria-hidden="true"> *</span>;
  const options = ui['ui:options'] ?? {};
  const customField = ui['ui:field'];
  if (customField !== undefined) {
    // A block's own field (the recommend form's campaigns); `none` draws nothing in its field's box.
    const Field = fields[customField] as ComponentType<FieldProps> | undefined;
    const props = {
      name,
      schema,
      uiSchema: ui,
      formData: value,
      required,
      disabled: true,
      readonly: true,
      onChange: noop,
      onBlur: noop,
      onFocus: noop,
      fieldPathId: { $id: id, path: [name] },
      registry: { formContext },
    } as unknown as FieldProps;
    return <div className={styles.field}>{Field && <Field {...props} />}</div>;
  }
  if (schema.type === 'boolean') {
    return (
      <div className={styles.field}>
        <div className={styles.checkbox}>
          <input type="checkbox" checked={value === true} readOnly tabIndex={-1} />
          <span>
            {label}
            {mark}
          </span>
        </div>
      </div>
    );
  }
  if (widget === 'radioChoice') {
    const choices = (options.choices as RadioChoice[] | undefined) ?? [];
    return (
      <div className={styles.field}>
        <fieldset className={styles.choices}>
          <legend className={styles.label}>
            {label}
            {mark}
          </legend>
          {choices.map((choice) => (
            <div key={String(choice.value)} className={styles.checkbox}>
              <input type="radio" checked={value === choice.value} readOnly tabIndex={-1} />
              <span>{choice.label}</span>
            </div>
          ))}
        </fieldset>
      </div>
    );
  }
  const rules = widget === 'passwordRules' ? (options.rules as PasswordRules | undefined) : undefined;
  const hint = widget === 'textWithHint' ? hintOf(options) : null;
  const text = typeof value === 'string' || typeof value === 'number' ? value : '';
  return (
    <div className={styles.field}>
      <span className={styles.label}>
        {label}
        {mark}
      </span>
      {rules && <PasswordRulesList id={id} rules={rules} />}
      {hint && <FieldHint id={id} hint={hint} />}
      {widget === 'textarea' ? (
        <textarea
          className={`${styles.input} ${textareaStyles.textarea}`}
          rows={typeof options.rows === 'number' ? options.rows : 8}
          value={text}
          readOnly
          tabIndex={-1}
        />
      ) : schema.enum ? (
        <select className={styles.input} tabIndex={-1} />
      ) : (
        <input className={styles.input} type={inputTypeOf(widget)} value={text} readOnly tabIndex={-1} />
      )}
    </div>
  );
}

function inputTypeOf(widget: string | undefined): string {
  if (widget === 'email' || widget === 'password') return widget;
  if (widget === 'passwordRules') return 'password';
  return 'text';
}
