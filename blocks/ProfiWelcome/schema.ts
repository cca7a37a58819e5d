import type { FromSchema } from 'json-schema-to-ts';
import { profiWelcomePropsSchema } from '../../schemas/blocks/ProfiWelcome.ts';

export { profiWelcomePropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type ProfiWelcomeProps = FromSchema<
  typeof profiWelcomePropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
