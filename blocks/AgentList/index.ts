export { AgentList } from './AgentList.tsx';
export { type AgentListProps, agentListPropsSchema } from './schema.ts';
