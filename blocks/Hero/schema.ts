import type { FromSchema } from 'json-schema-to-ts';
import { heroPropsSchema } from '../../schemas/blocks/Hero.ts';

export { heroPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type HeroProps = FromSchema<typeof heroPropsSchema, { keepDefaultedPropertiesOptional: true }>;
