import type { Plugin } from 'vite';
import { FORM_SCHEMAS, type FormName } from '../formSchemas.ts';
import { compileFormValidatorModule } from './compileFormValidator.ts';

export const FORM_VALIDATOR_PREFIX = 'virtual:form-validator/';
/** The index of every form's validator module, as lazy imports: `{ NAME: () => import(…) }`. */
export const FORM_VALIDATOR_INDEX = 'virtual:form-validators';
const RESOLVED_PREFIX = `\0${FORM_VALIDATOR_PREFIX}`;
const RESOLVED_INDEX = `\0${FORM_VALIDATOR_INDEX}`;

/** The index module: one lazy import per form of runtime/forms/formSchemas.ts, so that list is the only one. */
function indexModule(): string {
  const entries = Object.keys(FORM_SCHEMAS).map(
    (name) => `  ${JSON.stringify(name)}: () => import(${JSON.stringify(FORM_VALIDATOR_PREFIX + name)}),`,
  );
  return `export default {\n${entries.join('\n')}\n};\n`;
}

/**
 * Vite plugin: `import validateFns from 'virtual:form-validator/NAME'` gets the validator functions of form
 * NAME (runtime/forms/formSchemas.ts), compiled with ajv's standalone code generator while building; and
 * `virtual:form-validators` lists them all as lazy imports. The browser then validates with plain functions —
 * no `new Function`, so the CSP needs no 'unsafe-eval' (docs/adr/0010-forms-without-eval.md). Used by the app
 * build, the dev server, Vitest and Storybook.
 */
export function formValidatorsPlugin(): Plugin {
  return {
    name: 'form-validators',
    resolveId(id) {
      if (id === FORM_VALIDATOR_INDEX) return RESOLVED_INDEX;
      return id.startsWith(FORM_VALIDATOR_PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (id === RESOLVED_INDEX) return indexModule();
      if (!id.startsWith(RESOLVED_PREFIX)) return undefined;
      const name = id.slice(RESOLVED_PREFIX.length);
      if (!Object.hasOwn(FORM_SCHEMAS, name)) {
        this.error(`no form "${name}" in runtime/forms/formSchemas.ts`);
      }
      return compileFormValidatorModule(name, FORM_SCHEMAS[name as FormName]);
    },
  };
}
