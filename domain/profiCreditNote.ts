/**
 * The profi-seller's monthly self-billing credit note (Gutschrift, § 14 Abs. 2 Satz 2 UStG; issue 16):
 * totals by the seller's tax status and the printed number. Pure; amounts in integer cents.
 */
import { type InvoiceTotals, invoiceTotals, VAT_RATE_PROMILLE } from './invoice.ts';

export type ProfiTaxStatus = 'kleinunternehmer' | 'regelbesteuert';

/** The note a small business's credit note carries instead of VAT (§ 19 Abs. 1 UStG). */
export const KLEINUNTERNEHMER_HINWEIS = 'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.';

/**
 * Net = the sum of the lines; a small business (§ 19 UStG) gets no VAT (rate 0), a seller with VAT 19 % once
 * on the net total, rounded half up (domain/invoice.ts); gross = net + VAT.
 */
export function creditNoteTotals(
  lines: readonly { ProvisionCent: number }[],
  steuerstatus: ProfiTaxStatus,
): InvoiceTotals {
  return invoiceTotals(lines, steuerstatus === 'kleinunternehmer' ? 0 : VAT_RATE_PROMILLE);
}

/**
 * The printed number: `GS-P-` and the mandant's running number, six digits (more once past 999,999). The
 * mandant issues the credit notes of all its sellers from one gapless sequence (§ 14 Abs. 4 Nr. 4 UStG).
 */
export function profiCreditNoteNumber(nummer: number): string {
  if (!Number.isSafeInteger(nummer) || nummer < 1) throw new RangeError('credit note number: integer ≥ 1');
  return `GS-P-${String(nummer).padStart(6, '0')}`;
}

/** The running number of a printed one (`GS-P-000042` → 42), or null when it is not one. */
export function parseProfiCreditNoteNumber(text: string): number | null {
  const match = /^GS-P-([0-9]{6,9})$/.exec(text);
  if (!match) return null;
  const nummer = Number(match[1]);
  return nummer >= 1 ? nummer : null;
}
