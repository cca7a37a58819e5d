import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, shortText } from '../../domain/format.ts';

const NBSP = '\u00a0';

describe('formatMoney (SPEC 9: cents shown as euros with 2 decimals, de-DE)', () => {
  it.each([
    [1234, `12,34${NBSP}€`],
    [5000, `50,00${NBSP}€`],
    [0, `0,00${NBSP}€`],
    [5, `0,05${NBSP}€`],
    [123456789, `1.234.567,89${NBSP}€`],
    [-250, `-2,50${NBSP}€`],
    [Number.NaN, ''],
  ])('%d cents → %s', (cents, expected) => {
    expect(formatMoney(cents)).toBe(expected);
  });
});

describe('formatDate and formatDateTime (SPEC 9: DD.MM.YYYY, date-time adds HH:MM)', () => {
  it.each([
    ['wire format, no zone: shown as is', '2020-06-02T23:30:00', '02.06.2020', '02.06.2020 23:30'],
    ['date only', '2020-12-31', '31.12.2020', '31.12.2020 00:00'],
    ['UTC instant shown in Europe/Berlin (summer)', '2020-06-02T22:30:00Z', '03.06.2020', '03.06.2020 00:30'],
    ['UTC instant shown in Europe/Berlin (winter)', '2020-01-15T08:05:00Z', '15.01.2020', '15.01.2020 09:05'],
    ['Date object', new Date('2021-03-04T10:00:00Z'), '04.03.2021', '04.03.2021 11:00'],
    ['unparsable', 'gestern', '', ''],
  ])('%s', (_case, input, date, dateTime) => {
    expect(formatDate(input)).toBe(date);
    expect(formatDateTime(input)).toBe(dateTime);
  });
});

describe('shortText (SPEC 9: truncated at 40 characters to the first 19 plus dots)', () => {
  it('keeps texts up to 40 characters', () => {
    const forty = 'a'.repeat(40);
    expect(shortText(forty)).toBe(forty);
  });

  it('cuts longer texts', () => {
    expect(shortText('Empfehlungsprämienbedingungen für Geschäftskunden')).toBe('Empfehlungsprämienb...');
  });
});
