/**
 * Money as SPEC section 9 shows it: cents → `12,34 €` (de-DE, two decimals, the amount and € joined by a
 * no-break space, as Intl writes it). Non-finite input gives an empty string rather than `NaN €`. Its own
 * module, re-exported by domain/format.ts: the runtime's entry chunk uses it (the texts' variables,
 * domain/textVariables.ts) and must not carry the date formatters with it (the first-paint budget, ADR 0012).
 */
let money: Intl.NumberFormat | undefined;

export function formatMoney(cents: number): string {
  if (!Number.isFinite(cents)) return '';
  money ??= new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 });
  return money.format(cents / 100);
}

/**
 * An amount and "€" in a text joined by a no-break space, as formatMoney writes them ("29,95 € monatlich"
 * → "29,95 € monatlich"), so a line never breaks between them (issue 18). For texts from a client's own
 * data (product files and feeds), which no one can be asked to type with U+00A0.
 */
export function joinMoneySpaces(text: string): string {
  return text.replace(/(\d) €/g, '$1\u00a0€');
}
