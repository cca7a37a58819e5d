import type { ReportFilter } from '../../schemas/reportQuery.ts';
import { ApiProblem, type ProblemDetail } from '../http/ApiProblem.ts';
import { escapePointer } from '../http/escapePointer.ts';
import type { ReportColumnFacts } from './ReportDefinition.ts';

/**
 * One condition of a report's filter, parsed and checked, without SQL (reportSql.ts writes it). Days are
 * Berlin calendar days; `beforeDay` is exclusive (the day after the range's last day).
 */
export type FilterCondition =
  | { kind: 'contains'; column: string; text: string }
  | { kind: 'anyContains'; columns: readonly string[]; text: string }
  | { kind: 'oneOf'; column: string; values: readonly string[] }
  | { kind: 'dayRange'; column: string; fromDay?: string; beforeDay?: string }
  | { kind: 'numberRange'; column: string; min?: number; max?: number };

const RANGE = '..';
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const NUMBER = /^-?\d+(\.\d+)?$/;
const INTEGER = /^-?\d+$/;

/**
 * Parses SPEC 3's Filter for a report (the syntax is documented at `ReportFilter`). A text searches every
 * filterable text column; an object names filterable columns. Unknown columns and malformed values are
 * 400 PSOF0013 with a pointer per problem (`/Filter/Datum`), all problems at once.
 */
export function parseFilter(
  columns: readonly ReportColumnFacts[],
  filter: ReportFilter | null | undefined,
): FilterCondition[] {
  if (filter === null || filter === undefined) return [];
  if (typeof filter === 'string') {
    const text = filter.trim();
    const searchable = columns.filter((column) => column.filterable && column.type === 'text');
    return text === '' || searchable.length === 0
      ? []
      : [{ kind: 'anyContains', columns: searchable.map((column) => column.name), text }];
  }
  const conditions: FilterCondition[] = [];
  const problems: ProblemDetail[] = [];
  for (const [name, raw] of Object.entries(filter)) {
    const pointer = `/Filter/${escapePointer(name)}`;
    const column = columns.find((candidate) => candidate.name.toLowerCase() === name.toLowerCase());
    if (!column?.filterable) {
      const filterable = columns
        .filter((candidate) => candidate.filterable)
        .map((candidate) => candidate.name);
      problems.push({ pointer, reason: `must be one of the filterable columns: ${filterable.join(', ')}` });
      continue;
    }
    const value = raw.trim();
    if (value === '') continue;
    const parsed = parseValue(column, value);
    if (typeof parsed === 'string') problems.push({ pointer, reason: parsed });
    else conditions.push(parsed);
  }
  if (problems.length > 0) throw new ApiProblem('PSOF0013', problems);
  return conditions;
}

/** The condition for one column, or the reason the value does not fit the column. */
function parseValue(column: ReportColumnFacts, value: string): FilterCondition | string {
  switch (column.type) {
    case 'text':
      return { kind: 'contains', column: column.name, text: value };
    case 'enum': {
      const values = value.split(',').map((part) => part.trim());
      const unknown = values.filter((part) => !column.values?.includes(part));
      return unknown.length > 0
        ? `unknown value ${unknown.join(', ')}; one of: ${column.values?.join(', ')}`
        : { kind: 'oneOf', column: column.name, values: [...new Set(values)] };
    }
    case 'date': {
      const [from, to] = rangeParts(value);
      const fromDay = from === '' ? undefined : from;
      const toDay = to === '' ? undefined : to;
      if ((fromDay && !isDay(fromDay)) || (toDay && !isDay(toDay)) || (!fromDay && !toDay)) {
        return 'must be a day YYYY-MM-DD or a range of days FROM..TO';
      }
      if (fromDay && toDay && fromDay > toDay) return 'the range ends before it starts';
      return {
        kind: 'dayRange',
        column: column.name,
        ...(fromDay ? { fromDay } : {}),
        ...(toDay ? { beforeDay: nextDay(toDay) } : {}),
      };
    }
    case 'number':
    case 'money': {
      const pattern = column.type === 'money' ? INTEGER : NUMBER;
      const [from, to] = rangeParts(value);
      const bad = [from, to].some((part) => part !== '' && !pattern.test(part));
      if (bad || (from === '' && to === '')) {
        return column.type === 'money'
          ? 'must be cents N or a range MIN..MAX'
          : 'must be a number N or a range MIN..MAX';
      }
      const min = from === '' ? undefined : Number(from);
      const max = to === '' ? undefined : Number(to);
      if (min !== undefined && max !== undefined && min > max) return 'the range ends before it starts';
      return {
        kind: 'numberRange',
        column: column.name,
        ...(min !== undefined ? { min } : {}),
        ...(max !== undefined ? { max } : {}),
      };
    }
  }
}

/** `A..B` → [A, B]; a single value is a range of itself. */
function rangeParts(value: string): [string, string] {
  const at = value.indexOf(RANGE);
  if (at < 0) return [value, value];
  return [value.slice(0, at).trim(), value.slice(at + RANGE.length).trim()];
}

function isDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The calendar day after `day` (YYYY-MM-DD; calendar arithmetic, no time zone involved). */
export function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, (date ?? 1) + 1)).toISOString().slice(0, 10);
}

/** A LIKE pattern that finds `text` anywhere, with the pattern's own characters taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
