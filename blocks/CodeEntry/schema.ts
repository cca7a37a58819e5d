import type { FromSchema } from 'json-schema-to-ts';
import { codeEntryPropsSchema } from '../../schemas/blocks/CodeEntry.ts';

export { codeEntryPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type CodeEntryProps = FromSchema<
  typeof codeEntryPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
