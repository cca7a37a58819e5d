import type { FromSchema } from 'json-schema-to-ts';
import { agencyLoginPropsSchema } from '../../schemas/blocks/AgencyLogin.ts';

export { agencyLoginPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type AgencyLoginProps = FromSchema<
  typeof agencyLoginPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
