export { MyData } from './MyData.tsx';
export { type MyDataProps, myDataPropsSchema } from './schema.ts';
