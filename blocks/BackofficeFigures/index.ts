export { BackofficeFigures } from './BackofficeFigures.tsx';
export { type BackofficeFiguresProps, backofficeFiguresPropsSchema } from './schema.ts';
