export { Hero } from './Hero.tsx';
export { type HeroProps, heroPropsSchema } from './schema.ts';
