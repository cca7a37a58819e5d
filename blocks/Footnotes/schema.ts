import type { FromSchema } from 'json-schema-to-ts';
import { footnotesPropsSchema } from '../../schemas/blocks/Footnotes.ts';

export { footnotesPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type FootnotesProps = FromSchema<
  typeof footnotesPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
