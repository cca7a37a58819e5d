import type { FromSchema } from 'json-schema-to-ts';
import { profiNavPropsSchema } from '../../schemas/blocks/ProfiNav.ts';

export { profiNavPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type ProfiNavProps = FromSchema<typeof profiNavPropsSchema, { keepDefaultedPropertiesOptional: true }>;
