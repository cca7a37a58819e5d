/**
 * SPEC section 5: "Terms accepted is true for boolean true, the string yes, or a positive number." One
 * rule for every form that asks for the terms (recommendation, recipient data) and for the server.
 */
export function isTermsAccepted(value: unknown): boolean {
  if (value === true) return true;
  if (typeof value === 'number') return Number.isFinite(value) && value > 0;
  if (typeof value !== 'string') return false;
  const text = value.trim().toLowerCase();
  if (text === 'yes' || text === 'true') return true;
  const number = Number(text);
  return text !== '' && Number.isFinite(number) && number > 0;
}
