import validatorModules from 'virtual:form-validators';
import type { RJSFValidationError } from '@rjsf/utils';
import type { TFunction } from 'i18next';
import { type FieldWording, specErrorTransformer } from './formErrors.ts';
import type { FormName } from './formSchemas.ts';

/** One ajv error as the precompiled functions leave it on `.errors`. */
interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

type CompiledValidate = ((data: unknown) => boolean) & { errors?: AjvError[] | null };

/** What a refused form shows: one message per field (SPEC 5 wording) and the summary's lines, in field order. */
export interface FormProblems {
  fields: Readonly<Record<string, string>>;
  /** Each problem as the summary says it (for a consent box: 'Die Zustimmung ist erforderlich …'). */
  summary: readonly { field: string; message: string }[];
}

export const NO_PROBLEMS: FormProblems = { fields: {}, summary: [] };

/** Loads a form's precompiled validate function (a few hundred bytes; no rjsf). */
export async function loadValidate(form: FormName): Promise<CompiledValidate> {
  const load = validatorModules[form];
  if (!load) throw new Error(`no precompiled validator for form "${form}"`);
  const functions = (await load()).default as unknown as Record<string, CompiledValidate>;
  // A form's `$id` is its name (tests/unit/formSchemas.test.ts), so the schemas themselves stay off the
  // first-paint routes that check a form this way.
  const validate = functions[form];
  if (!validate) throw new Error(`form "${form}": no validate function for $id ${form}`);
  return validate;
}

/**
 * A form's data checked against its JSON Schema (schemas/forms/) with the validator precompiled at build time
 * — the same schema and the same SPEC 5 wording (specErrorTransformer) as rjsf's SchemaForm, for the few forms
 * that render before rjsf may load (docs/adr/0016-one-form-mechanism.md).
 */
export function wordProblems(
  validate: CompiledValidate,
  data: unknown,
  t: TFunction,
  wording: Readonly<Record<string, FieldWording>>,
): FormProblems {
  if (validate(data)) return NO_PROBLEMS;
  const errors: RJSFValidationError[] = (validate.errors ?? []).map((error) => ({
    name: error.keyword,
    property: error.instancePath.replace(/\//g, '.'),
    params: error.params,
    message: error.message ?? '',
    stack: error.message ?? '',
    schemaPath: '',
  }));
  const worded = specErrorTransformer(t, wording)(errors, undefined as never);
  const byField = new Map(worded.map((error) => [error.property?.replace(/^\./, '') ?? '', error]));
  const order = Object.keys(wording).filter((field) => byField.has(field));
  return {
    fields: Object.fromEntries(order.map((field) => [field, byField.get(field)?.message ?? ''])),
    summary: order.map((field) => ({ field, message: byField.get(field)?.stack ?? '' })),
  };
}
