import type { UiSchema } from '@rjsf/utils';
import { type ComponentType, type JSX, lazy, type ReactNode, Suspense } from 'react';
import { useHydrated } from '../ssr/useHydrated.ts';
import type { SchemaFormProps } from './SchemaForm.tsx';
import { SchemaFormPlaceholder } from './SchemaFormPlaceholder.tsx';

let chunk: Promise<typeof import('./SchemaForm.tsx')> | undefined;
const loadChunk = () => {
  chunk ??= import('./SchemaForm.tsx');
  return chunk;
};

const SchemaFormChunk = /* @__PURE__ */ lazy(() =>
  loadChunk().then((module) => ({
    default: module.SchemaForm as ComponentType<SchemaFormProps<object>>,
  })),
);

interface LoadingProps {
  /** Said to screen readers while the form loads (default: the runtime's "loading" text). */
  loadingText?: string;
  /**
   * @deprecated Ignored: the form's placeholder is drawn instead, in the form's own box (a loading line
   * in its place made the page jump when the form came). Blocks still passing one can drop it.
   */
  loading?: ReactNode;
}

/**
 * Starts loading the form's chunk before the form renders (e.g. while the block still waits for its data),
 * so the fields replace their placeholder sooner. Idempotent.
 */
export function preloadSchemaForm(): void {
  void loadChunk();
}

/**
 * The form component for blocks: rjsf, our theme and the precompiled validators load only with a block that
 * renders a form (DESIGN: forms load lazily; nothing of them is on the first-paint path). Until they are
 * there it draws the form's placeholder — the same fields, labels and buttons in the same boxes, inert — so
 * the page does not move when the form arrives; `loadingText` is what it says to screen readers meanwhile.
 * The server renders the placeholder too, and the browser hydrates it before the form replaces it.
 */
export function LazySchemaForm<Data extends object>({
  loading: _replacedByPlaceholder,
  loadingText,
  ...props
}: SchemaFormProps<Data> & LoadingProps): JSX.Element {
  const hydrated = useHydrated();
  const fallback = (
    <SchemaFormPlaceholder
      form={props.form}
      uiSchema={props.uiSchema as UiSchema | undefined}
      formData={props.formData}
      fields={props.fields}
      formContext={props.formContext}
      idPrefix={props.idPrefix}
      loadingText={loadingText}
    >
      {props.children}
    </SchemaFormPlaceholder>
  );
  // The server and the hydrating browser draw the placeholder: a server-rendered form would take input
  // that hydration then throws away, and submit natively before its code is there.
  if (!hydrated) return <>{fallback}</>;
  return (
    <Suspense fallback={fallback}>
      <SchemaFormChunk {...(props as unknown as SchemaFormProps<object>)} />
    </Suspense>
  );
}

export type { SchemaFormProps } from './SchemaForm.tsx';
