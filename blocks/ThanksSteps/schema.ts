import type { FromSchema } from 'json-schema-to-ts';
import { thanksStepsPropsSchema } from '../../schemas/blocks/ThanksSteps.ts';

export { thanksStepsPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type ThanksStepsProps = FromSchema<
  typeof thanksStepsPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
