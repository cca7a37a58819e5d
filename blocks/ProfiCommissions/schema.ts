import type { FromSchema } from 'json-schema-to-ts';
import { profiCommissionsPropsSchema } from '../../schemas/blocks/ProfiCommissions.ts';

export { profiCommissionsPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type ProfiCommissionsProps = FromSchema<
  typeof profiCommissionsPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
