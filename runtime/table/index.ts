export type { DataTableColumn, DataTableFilter, DataTableProps } from './DataTableProps.ts';
export { LazyDataTable as DataTable } from './LazyDataTable.tsx';
export { downloadFile, downloadReportExport, fetchReportPage } from './reportApi.ts';
