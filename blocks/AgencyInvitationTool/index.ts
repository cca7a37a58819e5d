export { AgencyInvitationTool } from './AgencyInvitationTool.tsx';
export { type AgencyInvitationToolProps, agencyInvitationToolPropsSchema } from './schema.ts';
