export { ForgotPasswordForm } from './ForgotPasswordForm.tsx';
export { type ForgotPasswordFormProps, forgotPasswordFormPropsSchema } from './schema.ts';
