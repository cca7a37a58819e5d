export { LoginForm } from './LoginForm.tsx';
export { type LoginFormProps, loginFormPropsSchema } from './schema.ts';
