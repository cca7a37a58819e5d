export { type TeaserGridProps, teaserGridPropsSchema } from './schema.ts';
export { TeaserGrid } from './TeaserGrid.tsx';
