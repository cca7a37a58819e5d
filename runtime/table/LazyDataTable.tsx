import { type ComponentType, type JSX, lazy } from 'react';
import type { DataTableProps } from './DataTableProps.ts';

/**
 * The table component for blocks: TanStack Table and the table's code load only with a block that renders
 * a table (DESIGN: tables load lazily with the pages that need them; nothing of them is on the first-paint
 * path). Render it inside Suspense (every block already is).
 */
export const LazyDataTable = /* @__PURE__ */ lazy(() =>
  import('./DataTable.tsx').then((module) => ({
    default: module.DataTable as ComponentType<DataTableProps<object>>,
  })),
) as unknown as <Row extends object>(props: DataTableProps<Row>) => JSX.Element;
