import type { FromSchema } from 'json-schema-to-ts';
import { myDataPropsSchema } from '../../schemas/blocks/MyData.ts';

export { myDataPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type MyDataProps = FromSchema<typeof myDataPropsSchema, { keepDefaultedPropertiesOptional: true }>;
