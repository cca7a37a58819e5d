import type { FromSchema } from 'json-schema-to-ts';
import { profiAreaPropsSchema } from '../../schemas/blocks/ProfiArea.ts';

export { profiAreaPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type ProfiAreaProps = FromSchema<
  typeof profiAreaPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
