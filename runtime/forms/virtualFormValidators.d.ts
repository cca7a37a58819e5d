/** `virtual:form-validator/NAME`: precompiled validator functions (runtime/forms/precompile). */
declare module 'virtual:form-validator/*' {
  import type { ValidatorFunctions } from '@rjsf/validator-ajv8';

  const validateFns: ValidatorFunctions;
  export default validateFns;
}

/** `virtual:form-validators`: every form's validator module as a lazy import, by form name. */
declare module 'virtual:form-validators' {
  import type { ValidatorFunctions } from '@rjsf/validator-ajv8';

  const modules: Record<string, () => Promise<{ default: ValidatorFunctions }>>;
  export default modules;
}
