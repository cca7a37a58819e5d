import type { FromSchema } from 'json-schema-to-ts';
import { changePasswordFormPropsSchema } from '../../schemas/blocks/ChangePasswordForm.ts';

export { changePasswordFormPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type ChangePasswordFormProps = FromSchema<
  typeof changePasswordFormPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
