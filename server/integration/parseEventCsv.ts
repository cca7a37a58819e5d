import { Ajv } from 'ajv';
import { parse } from 'csv-parse/sync';
import { CSV_COLUMNS, type IntegrationEvent } from '../../schemas/integration.ts';
import { ApiProblem, type ProblemDetail } from '../http/ApiProblem.ts';
import { integrationEventSchema } from './integrationEventSchema.ts';

const validateEvent = new Ajv({ allErrors: true, strict: true }).compile<IntegrationEvent>(
  integrationEventSchema,
);

/** At most this many row problems are reported; the file is refused as a whole anyway. */
export const MAX_REPORTED_ROWS = 1000;

export interface CsvEventRow {
  /** 1-based line number in the file (the header is line 1). */
  line: number;
  event: IntegrationEvent;
}

/**
 * Reads the CSV import (issue 13): UTF-8 (a BOM is fine), `;` or `,` as delimiter, a header row with the
 * columns of CSV_COLUMNS. A file that is not that is 415 PSOF0512; rows that do not make an event are
 * 422 PSOF0511 with the line number and the reason of each, and nothing is imported.
 */
export function parseEventCsv(body: Buffer): CsvEventRow[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(body);
  } catch {
    throw new ApiProblem('PSOF0512', [{ pointer: '', reason: 'not UTF-8' }]);
  }
  const firstLine = text.slice(0, text.indexOf('\n') === -1 ? undefined : text.indexOf('\n'));
  const delimiter = firstLine.includes(';') ? ';' : ',';
  let records: string[][];
  try {
    records = parse(text, { delimiter, skip_empty_lines: true, trim: true, relax_column_count: true });
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new ApiProblem('PSOF0511', [{ pointer: `/line/${line ?? 0}`, reason: 'not readable as CSV' }]);
  }
  const header = records[0] ?? [];
  const missing = CSV_COLUMNS.filter((column) => !header.includes(column));
  const unknown = header.filter((column) => !(CSV_COLUMNS as readonly string[]).includes(column));
  if (missing.length > 0 || unknown.length > 0) {
    throw new ApiProblem('PSOF0512', [
      ...missing.map((column) => ({ pointer: `/header/${column}`, reason: 'missing column' })),
      ...unknown.map((column) => ({ pointer: `/header/${column}`, reason: 'unknown column' })),
    ]);
  }
  const rows: CsvEventRow[] = [];
  const problems: ProblemDetail[] = [];
  for (let index = 1; index < records.length; index++) {
    const record = records[index] ?? [];
    const line = index + 1;
    if (record.length !== header.length) {
      problems.push({
        pointer: `/line/${line}`,
        reason: `has ${record.length} fields, the header ${header.length}`,
      });
      continue;
    }
    const event: Record<string, unknown> = {};
    header.forEach((column, position) => {
      const value = record[position] ?? '';
      if (value === '') return;
      event[column] = column === 'Bestandskunde' ? /^(true|ja|1)$/i.test(value) : value;
    });
    if (validateEvent(event)) rows.push({ line, event });
    else {
      const issue = validateEvent.errors?.[0];
      problems.push({
        pointer: `/line/${line}${issue?.instancePath ?? ''}`,
        reason: issue?.message ?? 'invalid',
      });
    }
    if (problems.length >= MAX_REPORTED_ROWS) break;
  }
  if (problems.length > 0) throw new ApiProblem('PSOF0511', problems);
  return rows;
}
