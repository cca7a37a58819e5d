export { LogoutNotice } from './LogoutNotice.tsx';
export { type LogoutNoticeProps, logoutNoticePropsSchema } from './schema.ts';
