import type { FromSchema } from 'json-schema-to-ts';
import { setPasswordFormPropsSchema } from '../../schemas/blocks/SetPasswordForm.ts';

export { setPasswordFormPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type SetPasswordFormProps = FromSchema<
  typeof setPasswordFormPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
