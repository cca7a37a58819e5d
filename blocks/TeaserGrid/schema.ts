import type { FromSchema } from 'json-schema-to-ts';
import { teaserGridPropsSchema } from '../../schemas/blocks/TeaserGrid.ts';

export { teaserGridPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type TeaserGridProps = FromSchema<
  typeof teaserGridPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
