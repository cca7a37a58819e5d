import validatorModules from 'virtual:form-validators';
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import type { Localizer } from '@rjsf/validator-ajv8';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { FORM_SCHEMAS, type FormName } from './formSchemas.ts';

/** ajv's own messages in German (ajv-i18n) for anything the form's transformErrors does not word itself. */
function localizerFor(language: string): Promise<Localizer | undefined> {
  if (language !== 'de') return Promise.resolve(undefined);
  return import('ajv-i18n/localize/de').then((module) => module.default as Localizer);
}

const cache = new Map<string, Promise<ValidatorType>>();

/**
 * The precompiled validator of a form in a language (cached; rjsf needs the same instance per form). Each
 * form's functions load with the form that needs them (`virtual:form-validators`, made from formSchemas.ts).
 */
export function loadFormValidator(name: FormName, language: string): Promise<ValidatorType> {
  const key = `${name}:${language}`;
  let validator = cache.get(key);
  if (!validator) {
    const load = validatorModules[name];
    if (!load) throw new Error(`no precompiled validator for form "${name}"`);
    validator = Promise.all([load(), localizerFor(language)]).then(([module, localizer]) =>
      createPrecompiledValidator(module.default, FORM_SCHEMAS[name] as unknown as RJSFSchema, localizer),
    );
    cache.set(key, validator);
  }
  return validator;
}
