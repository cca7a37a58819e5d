export { ProfiWelcome } from './ProfiWelcome.tsx';
export { type ProfiWelcomeProps, profiWelcomePropsSchema } from './schema.ts';
