import type { FromSchema } from 'json-schema-to-ts';
import { stepsPropsSchema } from '../../schemas/blocks/Steps.ts';

export { stepsPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type StepsProps = FromSchema<typeof stepsPropsSchema, { keepDefaultedPropertiesOptional: true }>;
