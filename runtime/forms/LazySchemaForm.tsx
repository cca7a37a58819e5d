import { type ComponentType, type JSX, lazy } from 'react';
import type { SchemaFormProps } from './SchemaForm.tsx';

/**
 * The form component for blocks: rjsf, our theme and the precompiled validators load only with a block that
 * renders a form (DESIGN: forms load lazily; nothing of them is on the first-paint path).
 */
export const LazySchemaForm = /* @__PURE__ */ lazy(() =>
  import('./SchemaForm.tsx').then((module) => ({
    default: module.SchemaForm as ComponentType<SchemaFormProps<object>>,
  })),
) as unknown as <Data extends object>(props: SchemaFormProps<Data>) => JSX.Element;

export type { SchemaFormProps } from './SchemaForm.tsx';
