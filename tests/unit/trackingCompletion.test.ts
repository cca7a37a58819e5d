import { describe, expect, it } from 'vitest';
import { isTermsAccepted } from '../../domain/termsAccepted.ts';
import { parseGermanDate } from '../../schemas/trackingCompletion.ts';

// SPEC 5: "Date of birth is parsed as day.month.year."
describe('parseGermanDate', () => {
  it.each([
    ['24.12.1990', '1990-12-24'],
    ['1.2.1985', '1985-02-01'],
    [' 01.02.1985 ', '1985-02-01'],
    ['29.02.2000', '2000-02-29'],
    ['29.02.1900', null], // 1900 was no leap year
    ['29.02.2001', null],
    ['31.04.1990', null],
    ['00.01.1990', null],
    ['01.13.1990', null],
    ['1990-12-24', null],
    ['24/12/1990', null],
    ['24.12.90', null],
    ['24.12.1899', null],
    ['', null],
  ])('%j → %s', (input, expected) => {
    expect(parseGermanDate(input)).toBe(expected);
  });

  it('refuses a date after today', () => {
    expect(parseGermanDate('02.01.2026', '2026-01-01')).toBeNull();
    expect(parseGermanDate('01.01.2026', '2026-01-01')).toBe('2026-01-01');
  });
});

// SPEC 5: "Terms accepted is true for boolean true, the string yes, or a positive number."
describe('isTermsAccepted', () => {
  it.each([
    [true, true],
    ['yes', true],
    [' YES ', true],
    ['true', true],
    [1, true],
    [0.5, true],
    ['2', true],
    [false, false],
    ['no', false],
    ['', false],
    [0, false],
    [-1, false],
    ['0', false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
    [null, false],
    [undefined, false],
    [{}, false],
  ])('%j → %s', (value, expected) => {
    expect(isTermsAccepted(value)).toBe(expected);
  });
});
