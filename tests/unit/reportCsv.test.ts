import { describe, expect, it } from 'vitest';
import { csvField, csvLine, csvValue, neutraliseFormula } from '../../server/reports/csvCell.ts';
import { PageBoundaryCache } from '../../server/reports/PageBoundaryCache.ts';
import type { ReportColumnFacts } from '../../server/reports/ReportDefinition.ts';

// Issue 11: report exports. CSV cells a spreadsheet would run as a formula (OWASP CSV injection) start
// with a quote; fields are quoted per RFC 4180 with semicolons for German Excel.

const text: ReportColumnFacts = { name: 'Name', type: 'text' };

describe('neutraliseFormula', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+49 170 1234567', "'+49 170 1234567"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\tTAB', "'\tTAB"],
    ['\rCR', "'\rCR"],
    ['=HYPERLINK("https://evil.example","x")', '\'=HYPERLINK("https://evil.example","x")'],
  ])('%j → %j', (value, neutralised) => {
    expect(neutraliseFormula(value)).toBe(neutralised);
  });

  it.each(['Anna', 'a=b', ' =1', '', "'=1", '1-2'])('leaves %j alone', (value) => {
    expect(neutraliseFormula(value)).toBe(value);
  });
});

describe('csvField and csvLine', () => {
  it.each([
    ['plain', 'plain'],
    ['a;b', '"a;b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\r', '"cr\r"'],
    ['a,b', 'a,b'],
  ])('%j → %j', (value, field) => {
    expect(csvField(value)).toBe(field);
  });

  it('joins fields with semicolons and ends with CRLF', () => {
    expect(csvLine(['1', 'a;b', ''])).toBe('1;"a;b";\r\n');
  });
});

describe('csvValue by column type', () => {
  it.each<[ReportColumnFacts, unknown, string]>([
    [text, null, ''],
    [text, undefined, ''],
    [text, '=cmd|"/c calc"!A1', '\'=cmd|"/c calc"!A1'],
    [{ name: 'Status', type: 'enum', values: ['Ok'] }, 'Ok', 'Ok'],
    [{ name: 'Menge', type: 'number' }, -3, '-3'],
    [{ name: 'Menge', type: 'number' }, 2.5, '2,5'],
    [{ name: 'Betrag', type: 'money' }, 7000, '70,00'],
    [{ name: 'Betrag', type: 'money' }, 123456, '1234,56'],
    [{ name: 'Betrag', type: 'money' }, -5, '-0,05'],
    [{ name: 'Betrag', type: 'money' }, 0, '0,00'],
    [{ name: 'Datum', type: 'date' }, '2026-03-06T00:30:00', '2026-03-06 00:30:00'],
  ])('%j %j → %j', (column, value, field) => {
    expect(csvValue(column, value)).toBe(field);
  });
});

describe('PageBoundaryCache', () => {
  const at = (key: string) => ({ key, id: `id-${key}` });

  it('finds the nearest known page end at or before a page', () => {
    const cache = new PageBoundaryCache();
    cache.remember('q', 50, 2, at('b'));
    cache.remember('q', 50, 5, at('e'));
    expect(cache.nearest('q', 50, 1)).toBeUndefined();
    expect(cache.nearest('q', 50, 4)).toEqual({ page: 2, boundary: at('b') });
    expect(cache.nearest('q', 50, 5)).toEqual({ page: 5, boundary: at('e') });
    expect(cache.nearest('other', 50, 5)).toBeUndefined();
  });

  it('forgets a query when its row count changed, and after its time', () => {
    let now = 0;
    const cache = new PageBoundaryCache({ ttlMs: 1000, now: () => now });
    cache.remember('q', 50, 1, at('a'));
    expect(cache.nearest('q', 51, 1)).toBeUndefined();
    expect(cache.nearest('q', 50, 1)).toBeUndefined();
    cache.remember('q', 50, 1, at('a'));
    now = 999;
    expect(cache.nearest('q', 50, 1)).toBeDefined();
    now = 1000;
    expect(cache.nearest('q', 50, 1)).toBeUndefined();
  });

  it('keeps at most maxQueries queries (least recently used goes) and maxPages pages each', () => {
    const cache = new PageBoundaryCache({ maxQueries: 2, maxPages: 2 });
    cache.remember('a', 1, 1, at('a1'));
    cache.remember('b', 1, 1, at('b1'));
    cache.nearest('a', 1, 1);
    cache.remember('c', 1, 1, at('c1'));
    expect(cache.size).toBe(2);
    expect(cache.nearest('b', 1, 1)).toBeUndefined();
    expect(cache.nearest('a', 1, 1)).toBeDefined();
    cache.remember('a', 1, 2, at('a2'));
    cache.remember('a', 1, 3, at('a3'));
    expect(cache.nearest('a', 1, 1)).toBeUndefined();
    expect(cache.nearest('a', 1, 3)).toEqual({ page: 3, boundary: at('a3') });
  });
});
