import type { FromSchema } from 'json-schema-to-ts';
import { contentPagePropsSchema } from '../../schemas/blocks/ContentPage.ts';

export { contentPagePropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type ContentPageProps = FromSchema<
  typeof contentPagePropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
