import type { FromSchema } from 'json-schema-to-ts';
import { loginFormPropsSchema } from '../../schemas/blocks/LoginForm.ts';

export { loginFormPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type LoginFormProps = FromSchema<
  typeof loginFormPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
