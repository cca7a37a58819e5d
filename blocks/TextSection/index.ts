export { type TextSectionProps, textSectionPropsSchema } from './schema.ts';
export { TextSection } from './TextSection.tsx';
