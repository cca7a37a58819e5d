import type { FromSchema } from 'json-schema-to-ts';
import { greetingPropsSchema } from '../../schemas/blocks/Greeting.ts';

export { greetingPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type GreetingProps = FromSchema<typeof greetingPropsSchema, { keepDefaultedPropertiesOptional: true }>;
