/** `virtual:form-validator/NAME`: precompiled validator functions (runtime/forms/precompile). */
declare module 'virtual:form-validator/*' {
  import type { ValidatorFunctions } from '@rjsf/validator-ajv8';

  const validateFns: ValidatorFunctions;
  export default validateFns;
}
