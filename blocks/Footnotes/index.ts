export { Footnotes } from './Footnotes.tsx';
export { type FootnotesProps, footnotesPropsSchema } from './schema.ts';
