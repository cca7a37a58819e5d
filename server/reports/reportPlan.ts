import { REPORT_DEFAULT_PAGE_SIZE, REPORT_MAX_PAGE_SIZE } from '../../schemas/constants.ts';
import {
  REPORT_MAX_PAGE_NUMBER,
  type ReportExportQuery,
  type ReportQuery,
} from '../../schemas/reportQuery.ts';
import { ApiProblem, type ProblemDetail } from '../http/ApiProblem.ts';
import type { ReportColumnFacts } from './ReportDefinition.ts';
import { type FilterCondition, parseFilter } from './reportFilter.ts';
import { type ReportOrder, resolveOrder } from './reportOrder.ts';

export interface ReportShape {
  columns: readonly ReportColumnFacts[];
  defaultOrder: { OrderBy: string; Descending: boolean };
}

export interface ExportPlan {
  order: ReportOrder;
  conditions: FilterCondition[];
}

export interface ReportPlan extends ExportPlan {
  pageSize: number;
  pageNumber: number;
}

/**
 * A report query checked against the report: paging within bounds, a sortable OrderBy, a filter on
 * filterable columns. The route's JSON Schema checks the bounds already; this holds for every caller.
 * Anything wrong is 400 PSOF0013 with a pointer.
 */
export function planReport(report: ReportShape, query: ReportQuery): ReportPlan {
  const pageSize = query.Pagesize ?? REPORT_DEFAULT_PAGE_SIZE;
  const pageNumber = query.Pagenumber ?? 1;
  const problems: ProblemDetail[] = [];
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > REPORT_MAX_PAGE_SIZE) {
    problems.push({
      pointer: '/Pagesize',
      reason: `must be a whole number from 1 to ${REPORT_MAX_PAGE_SIZE}`,
    });
  }
  if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > REPORT_MAX_PAGE_NUMBER) {
    problems.push({
      pointer: '/Pagenumber',
      reason: `must be a whole number from 1 to ${REPORT_MAX_PAGE_NUMBER}`,
    });
  }
  if (problems.length > 0) throw new ApiProblem('PSOF0013', problems);
  return { ...planExport(report, query), pageSize, pageNumber };
}

/** The order and filter of an export (every row: no paging). */
export function planExport(report: ReportShape, query: ReportExportQuery): ExportPlan {
  return {
    order: resolveOrder(report.columns, query, report.defaultOrder),
    conditions: parseFilter(report.columns, query.Filter),
  };
}
