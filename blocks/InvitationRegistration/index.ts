export { InvitationRegistration } from './InvitationRegistration.tsx';
export { type InvitationRegistrationProps, invitationRegistrationPropsSchema } from './schema.ts';
