import type { Plugin } from 'vite';
import { FORM_SCHEMAS, type FormName } from '../formSchemas.ts';
import { compileFormValidatorModule } from './compileFormValidator.ts';

export const FORM_VALIDATOR_PREFIX = 'virtual:form-validator/';
const RESOLVED_PREFIX = `\0${FORM_VALIDATOR_PREFIX}`;

/**
 * Vite plugin: `import validateFns from 'virtual:form-validator/NAME'` gets the validator functions of form
 * NAME (runtime/forms/formSchemas.ts), compiled with ajv's standalone code generator while building. The
 * browser then validates with plain functions — no `new Function`, so the CSP needs no 'unsafe-eval'
 * (docs/adr/0010-forms-without-eval.md). Used by the app build, the dev server, Vitest and Storybook.
 */
export function formValidatorsPlugin(): Plugin {
  return {
    name: 'form-validators',
    resolveId(id) {
      return id.startsWith(FORM_VALIDATOR_PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(RESOLVED_PREFIX)) return undefined;
      const name = id.slice(RESOLVED_PREFIX.length);
      if (!Object.hasOwn(FORM_SCHEMAS, name)) {
        this.error(`no form "${name}" in runtime/forms/formSchemas.ts`);
      }
      return compileFormValidatorModule(name, FORM_SCHEMAS[name as FormName]);
    },
  };
}
