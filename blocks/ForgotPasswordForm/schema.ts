import type { FromSchema } from 'json-schema-to-ts';
import { forgotPasswordFormPropsSchema } from '../../schemas/blocks/ForgotPasswordForm.ts';

export { forgotPasswordFormPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type ForgotPasswordFormProps = FromSchema<
  typeof forgotPasswordFormPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
