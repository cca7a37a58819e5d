import type { FromSchema } from 'json-schema-to-ts';
import { agencyNavPropsSchema } from '../../schemas/blocks/AgencyNav.ts';

export { agencyNavPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type AgencyNavProps = FromSchema<
  typeof agencyNavPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
