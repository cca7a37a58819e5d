export { ContentPage } from './ContentPage.tsx';
export { type ContentPageProps, contentPagePropsSchema } from './schema.ts';
