export { ChangePasswordForm } from './ChangePasswordForm.tsx';
export { type ChangePasswordFormProps, changePasswordFormPropsSchema } from './schema.ts';
