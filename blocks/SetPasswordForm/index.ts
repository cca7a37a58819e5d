export { SetPasswordForm } from './SetPasswordForm.tsx';
export { type SetPasswordFormProps, setPasswordFormPropsSchema } from './schema.ts';
