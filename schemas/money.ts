/**
 * The one money formatter (SPEC 9: money in cents, shown as euros with 2 decimals in de-DE format), pure so
 * that the runtime and the server's mails print amounts alike.
 */
let money: Intl.NumberFormat | undefined;

/** Cents → `12,34 €` (de-DE, two decimals). Non-finite input gives an empty string rather than `NaN €`. */
export function formatMoney(cents: number): string {
  if (!Number.isFinite(cents)) return '';
  money ??= new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 });
  return money.format(cents / 100);
}
