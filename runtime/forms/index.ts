export { type FieldWording, fieldOf, specErrorTransformer } from './formErrors.ts';
export type { FormName } from './formSchemas.ts';
export {
  LazySchemaForm as SchemaForm,
  preloadSchemaForm,
  type SchemaFormProps,
} from './LazySchemaForm.tsx';
export { SubmitButton, type SubmitButtonProps } from './SubmitButton.tsx';
export type { RadioChoice } from './theme/RadioChoiceWidget.tsx';
export {
  type FormSubmit,
  failureCode,
  failureMessage,
  type SubmitOutcome,
  useFormSubmit,
} from './useFormSubmit.ts';
export { type SchemaCheck, useSchemaCheck } from './useSchemaCheck.ts';
export type { FormProblems } from './validateForm.ts';
