import type { FromSchema } from 'json-schema-to-ts';
import { contactPropsSchema } from '../../schemas/blocks/Contact.ts';

export { contactPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type ContactProps = FromSchema<typeof contactPropsSchema, { keepDefaultedPropertiesOptional: true }>;
