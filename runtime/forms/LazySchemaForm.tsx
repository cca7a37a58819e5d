import { type ComponentType, type JSX, lazy, type ReactNode, Suspense } from 'react';
import type { SchemaFormProps } from './SchemaForm.tsx';

const SchemaFormChunk = /* @__PURE__ */ lazy(() =>
  import('./SchemaForm.tsx').then((module) => ({
    default: module.SchemaForm as ComponentType<SchemaFormProps<object>>,
  })),
);

/**
 * The form component for blocks: rjsf, our theme and the precompiled validators load only with a block that
 * renders a form (DESIGN: forms load lazily; nothing of them is on the first-paint path). Until they are there
 * it shows `loading` (nothing by default), so the block's heading and text are never held back.
 */
export function LazySchemaForm<Data extends object>({
  loading = null,
  ...props
}: SchemaFormProps<Data> & { loading?: ReactNode }): JSX.Element {
  return (
    <Suspense fallback={loading}>
      <SchemaFormChunk {...(props as unknown as SchemaFormProps<object>)} />
    </Suspense>
  );
}

export type { SchemaFormProps } from './SchemaForm.tsx';
