import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import type { Localizer, ValidatorFunctions } from '@rjsf/validator-ajv8';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { FORM_SCHEMAS, type FormName } from './formSchemas.ts';

/** Each form's precompiled functions load with the form that needs them. */
const VALIDATOR_MODULES: Record<FormName, () => Promise<{ default: ValidatorFunctions }>> = {
  recommendForm: () => import('virtual:form-validator/recommendForm'),
  recommendFormAgent: () => import('virtual:form-validator/recommendFormAgent'),
  recommendFormCompany: () => import('virtual:form-validator/recommendFormCompany'),
};

/** ajv's own messages in German (ajv-i18n) for anything the form's transformErrors does not word itself. */
function localizerFor(language: string): Promise<Localizer | undefined> {
  if (language !== 'de') return Promise.resolve(undefined);
  return import('ajv-i18n/localize/de').then((module) => module.default as Localizer);
}

const cache = new Map<string, Promise<ValidatorType>>();

/** The precompiled validator of a form in a language (cached; rjsf needs the same instance per form). */
export function loadFormValidator(name: FormName, language: string): Promise<ValidatorType> {
  const key = `${name}:${language}`;
  let validator = cache.get(key);
  if (!validator) {
    validator = Promise.all([VALIDATOR_MODULES[name](), localizerFor(language)]).then(([module, localizer]) =>
      createPrecompiledValidator(module.default, FORM_SCHEMAS[name] as unknown as RJSFSchema, localizer),
    );
    cache.set(key, validator);
  }
  return validator;
}
