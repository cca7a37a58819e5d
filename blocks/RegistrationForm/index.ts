export { RegistrationForm } from './RegistrationForm.tsx';
export { type RegistrationFormProps, registrationFormPropsSchema } from './schema.ts';
