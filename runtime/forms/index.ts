export { type FieldWording, fieldOf, specErrorTransformer } from './formErrors.ts';
export type { FormName } from './formSchemas.ts';
export { LazySchemaForm as SchemaForm, type SchemaFormProps } from './LazySchemaForm.tsx';
export type { RadioChoice } from './theme/RadioChoiceWidget.tsx';
