/**
 * The agency's monthly commission invoice (issue 14, § 14 UStG): amounts in integer cents, VAT on the
 * invoice's net total (not per line), rounded half up; the number format; the billed month in Berlin time.
 * Pure: the server (server/agency/invoices) and the runtime use the same rules.
 */

/** The standard German VAT rate (§ 12 Abs. 1 UStG), in per mille so that it stays an integer. */
export const VAT_RATE_PROMILLE = 190;

export interface InvoiceTotals {
  nettoCent: number;
  ustSatzPromille: number;
  ustCent: number;
  bruttoCent: number;
}

/** VAT of a net amount: `netto × rate`, rounded half up to a whole cent (integer arithmetic, no floats). */
export function vatCent(nettoCent: number, ustSatzPromille: number = VAT_RATE_PROMILLE): number {
  if (!Number.isSafeInteger(nettoCent) || nettoCent < 0) throw new RangeError('net amount: whole cents ≥ 0');
  if (!Number.isInteger(ustSatzPromille) || ustSatzPromille < 0 || ustSatzPromille > 1000) {
    throw new RangeError('VAT rate: per mille 0–1000');
  }
  // (n·r + 500) div 1000 rounds half up for n, r ≥ 0.
  return Math.floor((nettoCent * ustSatzPromille + 500) / 1000);
}

/** Net = the sum of the lines' commissions; VAT once on the net total; gross = net + VAT. */
export function invoiceTotals(
  lines: readonly { ProvisionCent: number }[],
  ustSatzPromille: number = VAT_RATE_PROMILLE,
): InvoiceTotals {
  let nettoCent = 0;
  for (const line of lines) {
    if (!Number.isSafeInteger(line.ProvisionCent) || line.ProvisionCent < 0) {
      throw new RangeError('commission: whole cents ≥ 0');
    }
    nettoCent += line.ProvisionCent;
  }
  const ustCent = vatCent(nettoCent, ustSatzPromille);
  return { nettoCent, ustSatzPromille, ustCent, bruttoCent: nettoCent + ustCent };
}

/**
 * The number printed on the credit note: `GS-{Agenturnummer}-{n, 5 digits}`. n counts per agency without
 * gaps (agency.last_invoice_number); the agency's number in front makes it unique for the mandant, who
 * issues the credit notes of all its agencies (§ 14 Abs. 4 Nr. 4 UStG: unique, sequential).
 */
export function invoiceNumber(agenturnummer: string, nummer: number): string {
  if (!Number.isSafeInteger(nummer) || nummer < 1) throw new RangeError('invoice number: integer ≥ 1');
  return `GS-${agenturnummer}-${String(nummer).padStart(5, '0')}`;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** `YYYY-MM` (years 2000–2999), else null. */
export function parseMonth(value: string): { year: number; month: number } | null {
  const match = MONTH.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  if (year < 2000 || year > 2999) return null;
  return { year, month: Number(match[2]) };
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** The first day of a month, `YYYY-MM-01`. */
export function firstDayOf(month: string): string {
  const parsed = parseMonth(month);
  if (!parsed) throw new RangeError(`not a month: ${month}`);
  return `${parsed.year}-${pad(parsed.month)}-01`;
}

/** The last day of a month, `YYYY-MM-DD` (leap years included). */
export function lastDayOf(month: string): string {
  const parsed = parseMonth(month);
  if (!parsed) throw new RangeError(`not a month: ${month}`);
  const days = new Date(Date.UTC(parsed.year, parsed.month, 0)).getUTCDate();
  return `${parsed.year}-${pad(parsed.month)}-${pad(days)}`;
}

/** The month before, `YYYY-MM`. */
export function previousMonth(month: string): string {
  const parsed = parseMonth(month);
  if (!parsed) throw new RangeError(`not a month: ${month}`);
  return parsed.month === 1 ? `${parsed.year - 1}-12` : `${parsed.year}-${pad(parsed.month - 1)}`;
}

const berlinDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Berlin calendar day of a moment, `YYYY-MM-DD`. */
export function berlinDate(moment: Date): string {
  const parts = Object.fromEntries(berlinDay.formatToParts(moment).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The Berlin month of a moment, `YYYY-MM`. */
export function berlinMonth(moment: Date): string {
  return berlinDate(moment).slice(0, 7);
}

/** A month is finished (can be billed) once the Berlin month of `now` is a later one. */
export function isFinishedMonth(month: string, now: Date): boolean {
  if (!parseMonth(month)) return false;
  return month < berlinMonth(now);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` naming a real calendar day (no 2026-02-30), years 2000–2999. */
export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 2000 || year > 2999) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
