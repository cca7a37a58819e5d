import type { FromSchema } from 'json-schema-to-ts';
import { agentListPropsSchema } from '../../schemas/blocks/AgentList.ts';

export { agentListPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type AgentListProps = FromSchema<
  typeof agentListPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
