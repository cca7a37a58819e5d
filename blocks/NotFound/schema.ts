import type { FromSchema } from 'json-schema-to-ts';
import { notFoundPropsSchema } from '../../schemas/blocks/NotFound.ts';

export { notFoundPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type NotFoundProps = FromSchema<typeof notFoundPropsSchema, { keepDefaultedPropertiesOptional: true }>;
