import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ReportExportFormat } from '../../schemas/reportQuery.ts';
import { CSV_BOM, csvLine, csvValue } from './csvCell.ts';
import type { ReportColumnFacts } from './ReportDefinition.ts';

export const EXPORT_CONTENT_TYPES: Record<ReportExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

type WireRow = object;

function fieldOf(row: WireRow, column: ReportColumnFacts): unknown {
  return (row as Record<string, unknown>)[column.name];
}

/**
 * The report as CSV (csvCell.ts: semicolons, formula cells neutralised), written while the chunks arrive:
 * the stream pulls the next chunk only when the client has taken the last one.
 */
export function csvStream(columns: readonly ReportColumnFacts[], chunks: AsyncIterable<WireRow[]>): Readable {
  return Readable.from(
    (async function* lines() {
      yield CSV_BOM + csvLine(columns.map((column) => column.name));
      for await (const rows of chunks) {
        yield rows
          .map((row) => csvLine(columns.map((column) => csvValue(column, fieldOf(row, column)))))
          .join('');
      }
    })(),
  );
}

/**
 * The report as an XLSX workbook with exceljs' streaming writer: each row is committed as it comes, and the
 * walk waits while the client has not taken what was written. Cells keep their types (dates as dates,
 * money as euros); texts are string cells, which a spreadsheet never runs as formulas.
 */
export function xlsxStream(
  columns: readonly ReportColumnFacts[],
  chunks: AsyncIterable<WireRow[]>,
  sheetName: string,
): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({
    header: column.name,
    key: column.name,
    width: column.type === 'date' ? 20 : Math.max(12, column.name.length + 2),
    ...(column.type === 'date' ? { style: { numFmt: 'dd.mm.yyyy hh:mm:ss' } } : {}),
    ...(column.type === 'money' ? { style: { numFmt: '#,##0.00 "€"' } } : {}),
  }));
  (async () => {
    for await (const rows of chunks) {
      for (const row of rows) {
        sheet.addRow(columns.map((column) => xlsxValue(column, fieldOf(row, column)))).commit();
      }
      if (out.writableNeedDrain) await drainedOrClosed(out);
      // The client went away: stop reading rows (leaving the loop ends the walk's generator too).
      if (out.destroyed) return;
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

/** Waits until the client has taken what was written, or has gone. */
async function drainedOrClosed(stream: PassThrough): Promise<void> {
  const controller = new AbortController();
  const { signal } = controller;
  try {
    await Promise.race([once(stream, 'drain', { signal }), once(stream, 'close', { signal })]);
  } finally {
    controller.abort();
  }
}

function xlsxValue(column: ReportColumnFacts, value: unknown): string | number | Date | null {
  if (value === null || value === undefined) return null;
  if (column.type === 'money' && typeof value === 'number') return value / 100;
  if (column.type === 'number' && typeof value === 'number') return value;
  // A wire date-time is Berlin wall-clock time; read as UTC, the sheet shows exactly that wall-clock time.
  if (column.type === 'date' && typeof value === 'string') {
    const moment = new Date(`${value}Z`);
    return Number.isNaN(moment.getTime()) ? value : moment;
  }
  return String(value);
}
