export { Greeting } from './Greeting.tsx';
export { type GreetingProps, greetingPropsSchema } from './schema.ts';
