import type { FromSchema } from 'json-schema-to-ts';
import { backofficeAgenciesPropsSchema } from '../../schemas/blocks/BackofficeAgencies.ts';

export { backofficeAgenciesPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type BackofficeAgenciesProps = FromSchema<
  typeof backofficeAgenciesPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
