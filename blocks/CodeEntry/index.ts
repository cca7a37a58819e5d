export { CodeEntry } from './CodeEntry.tsx';
export { type CodeEntryProps, codeEntryPropsSchema } from './schema.ts';
