export { NotFound } from './NotFound.tsx';
export { type NotFoundProps, notFoundPropsSchema } from './schema.ts';
