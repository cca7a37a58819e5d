import Form from '@rjsf/core';
import {
  type CustomValidator,
  type ErrorSchema,
  type ErrorTransformer,
  englishStringTranslator,
  type RegistryFieldsType,
  type RJSFSchema,
  TranslatableString,
  type UiSchema,
} from '@rjsf/utils';
import type { TFunction } from 'i18next';
import { type ReactNode, use, useEffect, useMemo, useState } from 'react';
import { EMAIL_PATTERN } from '../../schemas/forms/fields.ts';
import { useI18nLanguage, useT } from '../i18n/useT.ts';
import { type FieldWording, specErrorTransformer } from './formErrors.ts';
import { FORM_SCHEMAS, type FormName } from './formSchemas.ts';
import { loadFormValidator } from './loadFormValidator.ts';
import styles from './SchemaForm.module.css';
import { SubmitButton } from './SubmitButton.tsx';
import { formFields, formTemplates, formWidgets } from './theme/formTheme.ts';
import type { FormSubmit } from './useFormSubmit.ts';

/**
 * The server's answers about single fields, as rjsf's extra errors (at the field and in the list). Each stays
 * while its field still holds the value the server refused; it goes as soon as the user changes that value.
 * When they arrive, the first such field takes the focus, as the form's own errors do.
 */
function useFieldFailures<Data extends object>(
  failures: Readonly<Record<string, string>> | undefined,
  formData: Data,
  idPrefix: string,
): ErrorSchema<Data> | undefined {
  const values = formData as Record<string, unknown>;
  // The values the failures are about, taken when a new set of failures arrives (state derived in render).
  const [taken, setTaken] = useState<{ failures?: typeof failures; refused: Record<string, unknown> }>({
    refused: {},
  });
  if (taken.failures !== failures) {
    setTaken({
      failures,
      refused: Object.fromEntries(Object.keys(failures ?? {}).map((field) => [field, values[field]])),
    });
  }
  const refused = taken.failures === failures ? taken.refused : values;
  useEffect(() => {
    const first = Object.keys(failures ?? {})[0];
    if (first) document.getElementById(`${idPrefix}_${first}`)?.focus();
  }, [failures, idPrefix]);
  const shown = Object.entries(failures ?? {}).filter(([field]) => values[field] === refused[field]);
  if (shown.length === 0) return undefined;
  return Object.fromEntries(
    shown.map(([field, message]) => [field, { __errors: [message] }]),
  ) as ErrorSchema<Data>;
}

/**
 * How each property's problems are worded when the block gives no transformErrors: its label is the uiSchema's
 * `ui:title` (else the schema's title, else its name); an e-mail field and a box that must be ticked have
 * SPEC 5's own messages.
 */
function wordingOf(
  schema: object,
  uiSchema: UiSchema | undefined,
  t: TFunction,
): Record<string, FieldWording> {
  const properties = (schema as { properties?: Record<string, Record<string, unknown>> }).properties ?? {};
  return Object.fromEntries(
    Object.entries(properties).map(([name, property]) => {
      const title = (uiSchema?.[name] as { 'ui:title'?: unknown } | undefined)?.['ui:title'];
      const label =
        typeof title === 'string' ? title : typeof property.title === 'string' ? t(property.title) : name;
      const kind: FieldWording['kind'] =
        property.pattern === EMAIL_PATTERN ? 'email' : property.const === true ? 'consent' : 'text';
      return [name, { label, kind }];
    }),
  );
}

/** rjsf fills defaults from `const` unless told otherwise; a required boolean stays empty, not `false`. */
const DEFAULT_FORM_STATE = { constAsDefaults: 'never', requiredBooleanDefault: 'skip' } as const;

export interface SchemaFormProps<Data extends object> {
  /** Which precompiled form (runtime/forms/formSchemas.ts): the schema is that form's, never another. */
  form: FormName;
  uiSchema?: UiSchema<Data>;
  formData: Data;
  onChange?: (data: Data) => void;
  onSubmit: (data: Data) => void;
  /**
   * Words every problem (SPEC 5 messages, formErrors.ts). Without it the form words them itself from the
   * uiSchema's `ui:title`s: an e-mail field (the shared e-mail pattern) and a box that must be ticked
   * (`const: true`) get their own messages.
   */
  transformErrors?: ErrorTransformer<Data>;
  /** Rules a JSON Schema cannot state (e.g. the mandant's e-mail whitelist). */
  customValidate?: CustomValidator<Data>;
  /** Extra fields of the block (e.g. the campaign checkboxes). */
  fields?: RegistryFieldsType;
  formContext?: Record<string, unknown>;
  /** Id of the heading that names the form. */
  labelledBy?: string;
  idPrefix?: string;
  disabled?: boolean;
  /** The form's submit state (useFormSubmit): its `failure` above the fields, its `fieldFailures` at theirs. */
  submit?: Pick<FormSubmit, 'busy' | 'failure' | 'fieldFailures'>;
  /** The server's answer to the last submit, announced as an alert above the fields (default: `submit.failure`). */
  failure?: string | null;
  /** The server's answers about single fields, shown at their field (default: `submit.fieldFailures`). */
  fieldFailures?: Readonly<Record<string, string>>;
  /** i18n keys of the submit button (SubmitButton, busy while `submit.busy`); without it, `children` has one. */
  submitLabel?: string;
  busyLabel?: string;
  /** Below the fields and above the button: e.g. the captcha. */
  children?: ReactNode;
}

/**
 * A JSON-Schema form (rjsf 6) with our theme and the form's precompiled validator — no `new Function` in the
 * browser (docs/adr/0010-forms-without-eval.md). Loaded lazily with the blocks that need it (LazySchemaForm);
 * suspends until the validator of the current language is loaded. Validates on submit, then live, focuses
 * the first invalid field and lists every problem in one alert.
 */
export function SchemaForm<Data extends object>(props: SchemaFormProps<Data>) {
  const t = useT();
  const language = useI18nLanguage();
  const validator = use(loadFormValidator(props.form, language));
  const translateString = useMemo(
    () => (key: TranslatableString, params?: string[]) =>
      key === TranslatableString.ErrorsLabel ? t('form.errorSummary') : englishStringTranslator(key, params),
    [t],
  );
  const idPrefix = props.idPrefix ?? 'root';
  const failure = props.failure !== undefined ? props.failure : props.submit?.failure;
  const extraErrors = useFieldFailures(
    props.fieldFailures ?? props.submit?.fieldFailures,
    props.formData,
    idPrefix,
  );
  const schema = FORM_SCHEMAS[props.form];
  const ownTransform = props.transformErrors;
  const transformErrors = useMemo(
    () => ownTransform ?? specErrorTransformer<Data>(t, wordingOf(schema, props.uiSchema, t)),
    [ownTransform, schema, props.uiSchema, t],
  );
  return (
    <>
      {failure && (
        <p className={styles.failure} role="alert">
          {failure}
        </p>
      )}
      <Form<Data>
        className={styles.form}
        schema={schema as unknown as RJSFSchema}
        uiSchema={props.uiSchema}
        formData={props.formData}
        validator={validator}
        templates={formTemplates}
        widgets={formWidgets}
        fields={{ ...formFields, ...props.fields }}
        formContext={props.formContext}
        translateString={translateString}
        transformErrors={transformErrors}
        customValidate={props.customValidate}
        extraErrors={extraErrors}
        idPrefix={idPrefix}
        disabled={props.disabled}
        showErrorList="top"
        focusOnFirstError
        noHtml5Validate
        liveValidate={false}
        // A box that must be ticked (`const: true`) starts unticked: consent is given by the user, never by default.
        experimental_defaultFormStateBehavior={DEFAULT_FORM_STATE}
        aria-labelledby={props.labelledBy}
        onChange={(event) => {
          if (event.formData) props.onChange?.(event.formData);
        }}
        // The error list and the fields show the problems; without a handler rjsf logs them as a console error.
        onError={() => undefined}
        onSubmit={(event) => {
          if (event.formData) props.onSubmit(event.formData);
        }}
      >
        {props.children}
        {props.submitLabel && (
          <SubmitButton
            label={props.submitLabel}
            busyLabel={props.busyLabel}
            busy={props.submit?.busy ?? false}
          />
        )}
      </Form>
    </>
  );
}
