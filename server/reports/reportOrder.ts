import type { ReportQuery } from '../../schemas/reportQuery.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import type { ReportColumnFacts } from './ReportDefinition.ts';

export interface ReportOrder {
  /** The column's wire name, as the report declares it. */
  column: string;
  descending: boolean;
}

/**
 * The order a query asks for: OrderBy must name a sortable column of the report (case-insensitive, so that
 * `datum` finds `Datum`); anything else is 400 PSOF0013 naming the columns that can be sorted. Without an
 * OrderBy the report's default order holds as a whole, its direction included.
 */
export function resolveOrder(
  columns: readonly ReportColumnFacts[],
  query: Pick<ReportQuery, 'OrderBy' | 'Descending'>,
  defaultOrder: { OrderBy: string; Descending: boolean },
): ReportOrder {
  const wanted = query.OrderBy?.trim();
  if (!wanted) return { column: defaultOrder.OrderBy, descending: defaultOrder.Descending };
  const sortable = columns.filter((column) => column.sortable);
  const column = sortable.find((candidate) => candidate.name.toLowerCase() === wanted.toLowerCase());
  if (!column) {
    throw new ApiProblem('PSOF0013', [
      {
        pointer: '/OrderBy',
        reason: `must be one of the sortable columns: ${sortable.map((entry) => entry.name).join(', ')}`,
      },
    ]);
  }
  return { column: column.name, descending: query.Descending === true };
}
