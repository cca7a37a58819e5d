import { describe, expect, it } from 'vitest';
import {
  berlinDate,
  berlinMonth,
  firstDayOf,
  invoiceNumber,
  invoiceTotals,
  isCalendarDate,
  isFinishedMonth,
  lastDayOf,
  parseMonth,
  previousMonth,
  VAT_RATE_PROMILLE,
  vatCent,
} from '../../domain/invoice.ts';

describe('invoice rules (domain/invoice.ts)', () => {
  it('VAT is 19 % in whole cents, rounded half up', () => {
    expect(VAT_RATE_PROMILLE).toBe(190);
    expect(vatCent(0)).toBe(0);
    expect(vatCent(100)).toBe(19);
    // 0,5 cent and more rounds up, less rounds down.
    expect(vatCent(50)).toBe(10); // 9,5 → 10
    expect(vatCent(150)).toBe(29); // 28,5 → 29
    expect(vatCent(7499)).toBe(1425); // 1424,81
    expect(vatCent(2)).toBe(0); // 0,38
    expect(vatCent(3)).toBe(1); // 0,57
    expect(vatCent(12345, 70)).toBe(864); // 7 %: 864,15
    expect(() => vatCent(-1)).toThrow(RangeError);
    expect(() => vatCent(1.5)).toThrow(RangeError);
    expect(() => vatCent(100, 1001)).toThrow(RangeError);
  });

  it('rounds once on the invoice total, not per line', () => {
    // Three lines of 0,50 €: per line 9,5 ct → 10 each = 30; on the total 28,5 → 29.
    const totals = invoiceTotals([{ ProvisionCent: 50 }, { ProvisionCent: 50 }, { ProvisionCent: 50 }]);
    expect(totals).toEqual({ nettoCent: 150, ustSatzPromille: 190, ustCent: 29, bruttoCent: 179 });
    expect(invoiceTotals([])).toEqual({ nettoCent: 0, ustSatzPromille: 190, ustCent: 0, bruttoCent: 0 });
    expect(() => invoiceTotals([{ ProvisionCent: -5 }])).toThrow(RangeError);
  });

  it('numbers: GS-{Agenturnummer}-{five digits}', () => {
    expect(invoiceNumber('AG-7', 1)).toBe('GS-AG-7-00001');
    expect(invoiceNumber('AG-7', 123456)).toBe('GS-AG-7-123456');
    expect(() => invoiceNumber('AG-7', 0)).toThrow(RangeError);
  });

  it('months: parse, first and last day (leap years), the month before', () => {
    expect(parseMonth('2026-10')).toEqual({ year: 2026, month: 10 });
    for (const bad of ['2026-13', '2026-00', '26-10', '2026-1', '1999-12'])
      expect(parseMonth(bad), bad).toBeNull();
    expect(firstDayOf('2026-02')).toBe('2026-02-01');
    expect(lastDayOf('2026-02')).toBe('2026-02-28');
    expect(lastDayOf('2028-02')).toBe('2028-02-29');
    expect(lastDayOf('2026-12')).toBe('2026-12-31');
    expect(previousMonth('2026-01')).toBe('2025-12');
    expect(previousMonth('2026-10')).toBe('2026-09');
  });

  it('a month is finished once Berlin is in a later month', () => {
    // 31 October 23:30 UTC is already 1 November in Berlin (winter time, UTC+1).
    const midnight = new Date('2026-10-31T23:30:00Z');
    expect(berlinDate(midnight)).toBe('2026-11-01');
    expect(berlinMonth(midnight)).toBe('2026-11');
    expect(isFinishedMonth('2026-10', midnight)).toBe(true);
    expect(isFinishedMonth('2026-10', new Date('2026-10-31T22:30:00Z'))).toBe(false);
    expect(isFinishedMonth('2026-11', midnight)).toBe(false);
    expect(isFinishedMonth('2027-01', midnight)).toBe(false);
    expect(isFinishedMonth('nonsense', midnight)).toBe(false);
  });

  it('calendar days are real days', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    for (const bad of ['2026-02-29', '2026-04-31', '2026-13-01', '2026-1-01', '1999-12-31', '']) {
      expect(isCalendarDate(bad), bad).toBe(false);
    }
  });
});
