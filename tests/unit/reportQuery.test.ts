import { describe, expect, it } from 'vitest';
import { exportQueryFromParams, exportSearchParams, pageCount } from '../../schemas/reportQuery.ts';
import { ApiProblem } from '../../server/http/ApiProblem.ts';
import type { ReportColumnFacts } from '../../server/reports/ReportDefinition.ts';
import {
  containsPattern,
  type FilterCondition,
  nextDay,
  parseFilter,
} from '../../server/reports/reportFilter.ts';
import { resolveOrder } from '../../server/reports/reportOrder.ts';
import { planReport } from '../../server/reports/reportPlan.ts';

// Issue 11, SPEC 3's report query (OrderBy, Descending, Pagesize, Pagenumber, Filter): the pure checks
// every report runs before any SQL.

const columns: ReportColumnFacts[] = [
  { name: 'Nummer', type: 'text', sortable: true, filterable: true },
  { name: 'Name', type: 'text', filterable: true },
  { name: 'Datum', type: 'date', sortable: true, filterable: true },
  { name: 'Status', type: 'enum', values: ['Offen', 'Ok', 'Storniert'], sortable: true, filterable: true },
  { name: 'Menge', type: 'number', sortable: true, filterable: true },
  { name: 'Betrag', type: 'money', filterable: true },
  { name: 'Produkt', type: 'text' },
];
const defaultOrder = { OrderBy: 'Datum', Descending: true };

/** The catalogue code and pointers of what `run` throws. */
function problem(run: () => unknown): { code: string; pointers: string[] } {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiProblem) {
      return { code: error.code, pointers: (error.details ?? []).map((detail) => detail.pointer) };
    }
    throw error;
  }
  throw new Error('expected a problem');
}

describe('resolveOrder: OrderBy names a sortable column', () => {
  it.each([
    [{}, { column: 'Datum', descending: true }],
    [
      { OrderBy: null, Descending: false },
      { column: 'Datum', descending: true },
    ],
    [{ OrderBy: '  ' }, { column: 'Datum', descending: true }],
    [{ OrderBy: 'Status' }, { column: 'Status', descending: false }],
    [
      { OrderBy: 'status', Descending: true },
      { column: 'Status', descending: true },
    ],
    [
      { OrderBy: 'MENGE', Descending: false },
      { column: 'Menge', descending: false },
    ],
  ])('%j → %j', (query, order) => {
    expect(resolveOrder(columns, query, defaultOrder)).toEqual(order);
  });

  it.each(['Produkt', 'Name', 'Betrag', 'unknown', 'id', 'created_at'])(
    'refuses %s with PSOF0013 at /OrderBy',
    (OrderBy) => {
      expect(problem(() => resolveOrder(columns, { OrderBy }, defaultOrder))).toEqual({
        code: 'PSOF0013',
        pointers: ['/OrderBy'],
      });
    },
  );
});

describe('parseFilter: a text over the text columns, or a value per filterable column', () => {
  it.each<[string, unknown, FilterCondition[]]>([
    ['nothing', null, []],
    ['an empty text', '  ', []],
    [
      'a text: every filterable text column',
      ' Müller ',
      [{ kind: 'anyContains', columns: ['Nummer', 'Name'], text: 'Müller' }],
    ],
    ['text contains', { Name: 'mü' }, [{ kind: 'contains', column: 'Name', text: 'mü' }]],
    ['an empty value filters nothing', { Name: '', Status: ' ' }, []],
    ['a column named in any case', { status: 'Ok' }, [{ kind: 'oneOf', column: 'Status', values: ['Ok'] }]],
    [
      'enum values, once each',
      { Status: 'Offen, Ok,Offen' },
      [{ kind: 'oneOf', column: 'Status', values: ['Offen', 'Ok'] }],
    ],
    [
      'one Berlin day',
      { Datum: '2026-03-31' },
      [{ kind: 'dayRange', column: 'Datum', fromDay: '2026-03-31', beforeDay: '2026-04-01' }],
    ],
    [
      'a range of days',
      { Datum: '2025-12-01..2025-12-31' },
      [{ kind: 'dayRange', column: 'Datum', fromDay: '2025-12-01', beforeDay: '2026-01-01' }],
    ],
    [
      'open start',
      { Datum: '..2024-02-28' },
      [{ kind: 'dayRange', column: 'Datum', beforeDay: '2024-02-29' }],
    ],
    ['open end', { Datum: '2024-02-29..' }, [{ kind: 'dayRange', column: 'Datum', fromDay: '2024-02-29' }]],
    ['a number', { Menge: '3' }, [{ kind: 'numberRange', column: 'Menge', min: 3, max: 3 }]],
    ['a number range', { Menge: '-1.5..10' }, [{ kind: 'numberRange', column: 'Menge', min: -1.5, max: 10 }]],
    ['cents from', { Betrag: '2500..' }, [{ kind: 'numberRange', column: 'Betrag', min: 2500 }]],
  ])('%s', (_case, filter, conditions) => {
    expect(parseFilter(columns, filter as Parameters<typeof parseFilter>[1])).toEqual(conditions);
  });

  it.each([
    ['a column that is not filterable', { Produkt: 'x' }, ['/Filter/Produkt']],
    ['an unknown column', { 'a/b': 'x' }, ['/Filter/a~1b']],
    ['an unknown enum value', { Status: 'Ok,Bezahlt' }, ['/Filter/Status']],
    ['a German date', { Datum: '31.12.2026' }, ['/Filter/Datum']],
    ['a day that does not exist', { Datum: '2026-02-30' }, ['/Filter/Datum']],
    ['a range that ends before it starts', { Datum: '2026-02-02..2026-02-01' }, ['/Filter/Datum']],
    ['only dots', { Datum: '..' }, ['/Filter/Datum']],
    ['not a number', { Menge: 'viele' }, ['/Filter/Menge']],
    ['cents with a decimal point', { Betrag: '12.50' }, ['/Filter/Betrag']],
    ['a reversed number range', { Menge: '10..1' }, ['/Filter/Menge']],
    ['every problem at once', { Produkt: 'x', Menge: 'y' }, ['/Filter/Produkt', '/Filter/Menge']],
  ])('refuses %s with PSOF0013', (_case, filter, pointers) => {
    expect(problem(() => parseFilter(columns, filter))).toEqual({ code: 'PSOF0013', pointers });
  });

  it('searches nothing when a report has no filterable text column', () => {
    expect(parseFilter([{ name: 'Datum', type: 'date', filterable: true }], 'x')).toEqual([]);
  });

  it('takes LIKE’s own characters literally', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });

  it.each([
    ['2026-01-31', '2026-02-01'],
    ['2024-02-28', '2024-02-29'],
    ['2025-12-31', '2026-01-01'],
    ['2026-03-28', '2026-03-29'],
  ])('the day after %s is %s', (day, next) => {
    expect(nextDay(day)).toBe(next);
  });
});

describe('planReport: paging within SPEC bounds', () => {
  it('fills the defaults: page 1 of 20, the report’s order', () => {
    expect(planReport({ columns, defaultOrder }, {})).toEqual({
      order: { column: 'Datum', descending: true },
      conditions: [],
      pageSize: 20,
      pageNumber: 1,
    });
  });

  it.each([
    [{ Pagesize: 0 }, ['/Pagesize']],
    [{ Pagesize: 101 }, ['/Pagesize']],
    [{ Pagesize: 2.5 }, ['/Pagesize']],
    [{ Pagenumber: 0 }, ['/Pagenumber']],
    [{ Pagenumber: 1_000_001 }, ['/Pagenumber']],
    [{ Pagesize: 0, Pagenumber: -1 }, ['/Pagesize', '/Pagenumber']],
  ])('refuses %j', (query, pointers) => {
    expect(problem(() => planReport({ columns, defaultOrder }, query))).toEqual({
      code: 'PSOF0013',
      pointers,
    });
  });

  it('accepts the bounds themselves', () => {
    expect(planReport({ columns, defaultOrder }, { Pagesize: 100, Pagenumber: 1_000_000 })).toMatchObject({
      pageSize: 100,
      pageNumber: 1_000_000,
    });
  });
});

describe('pageCount and export links', () => {
  it.each([
    [0, 20, 0],
    [1, 20, 1],
    [20, 20, 1],
    [21, 20, 2],
  ])('%i rows in pages of %i: %i pages', (total, size, pages) => {
    expect(pageCount(total, size)).toBe(pages);
  });

  it('writes order and filter as query parameters and reads them back', () => {
    const query = { OrderBy: 'Datum', Descending: true, Filter: { Status: 'Offen,Ok', Name: 'a&b=c' } };
    const params = exportSearchParams(query);
    expect(params.toString()).toBe(
      'OrderBy=Datum&Descending=true&Filter.Status=Offen%2COk&Filter.Name=a%26b%3Dc',
    );
    expect(exportQueryFromParams(Object.fromEntries(params))).toEqual(query);
    expect(exportQueryFromParams(Object.fromEntries(exportSearchParams({ Filter: 'Müller' })))).toEqual({
      OrderBy: null,
      Descending: false,
      Filter: 'Müller',
    });
    expect(exportSearchParams({ Descending: false, Filter: { Name: '' } }).toString()).toBe('');
  });

  it('reads what Fastify hands over: coerced booleans, repeated parameters', () => {
    expect(
      exportQueryFromParams({ Descending: true, OrderBy: ['Status', 'Datum'], 'Filter.Status': ['Ok'] }),
    ).toEqual({
      OrderBy: 'Status',
      Descending: true,
      Filter: { Status: 'Ok' },
    });
  });
});
