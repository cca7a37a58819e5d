import type { FromSchema } from 'json-schema-to-ts';
import { backofficeSsoCallbackPropsSchema } from '../../schemas/blocks/BackofficeSsoCallback.ts';

export { backofficeSsoCallbackPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type BackofficeSsoCallbackProps = FromSchema<
  typeof backofficeSsoCallbackPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
