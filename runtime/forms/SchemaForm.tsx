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
import { type ReactNode, use, useEffect, useMemo, useState } from 'react';
import { useI18nLanguage, useT } from '../i18n/useT.ts';
import { FORM_SCHEMAS, type FormName } from './formSchemas.ts';
import { loadFormValidator } from './loadFormValidator.ts';
import styles from './SchemaForm.module.css';
import { formFields, formTemplates, formWidgets } from './theme/formTheme.ts';

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

/** rjsf fills defaults from `const` unless told otherwise; a required boolean stays empty, not `false`. */
const DEFAULT_FORM_STATE = { constAsDefaults: 'never', requiredBooleanDefault: 'skip' } as const;

export interface SchemaFormProps<Data extends object> {
  /** Which precompiled form (runtime/forms/formSchemas.ts): the schema is that form's, never another. */
  form: FormName;
  uiSchema?: UiSchema<Data>;
  formData: Data;
  onChange?: (data: Data) => void;
  onSubmit: (data: Data) => void;
  /** Words every problem (SPEC 5 messages); see formErrors.ts. */
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
  /** The server's answer to the last submit (useFormSubmit's `failure`), announced as an alert above the fields. */
  failure?: string | null;
  /** The server's answers about single fields (useFormSubmit's `fieldFailures`), shown at their field. */
  fieldFailures?: Readonly<Record<string, string>>;
  /** Below the fields: e.g. the captcha and the submit button (replaces rjsf's button). */
  children: ReactNode;
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
  const extraErrors = useFieldFailures(props.fieldFailures, props.formData, idPrefix);
  return (
    <>
      {props.failure && (
        <p className={styles.failure} role="alert">
          {props.failure}
        </p>
      )}
      <Form<Data>
        className={styles.form}
        schema={FORM_SCHEMAS[props.form] as unknown as RJSFSchema}
        uiSchema={props.uiSchema}
        formData={props.formData}
        validator={validator}
        templates={formTemplates}
        widgets={formWidgets}
        fields={{ ...formFields, ...props.fields }}
        formContext={props.formContext}
        translateString={translateString}
        transformErrors={props.transformErrors}
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
      </Form>
    </>
  );
}
