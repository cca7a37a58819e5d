export { AdminLogin } from './AdminLogin.tsx';
export { type AdminLoginProps, adminLoginPropsSchema } from './schema.ts';
