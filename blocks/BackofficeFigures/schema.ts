import type { FromSchema } from 'json-schema-to-ts';
import { backofficeFiguresPropsSchema } from '../../schemas/blocks/BackofficeFigures.ts';

export { backofficeFiguresPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type BackofficeFiguresProps = FromSchema<
  typeof backofficeFiguresPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
