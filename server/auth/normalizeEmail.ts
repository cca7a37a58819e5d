/**
 * The one form of an e-mail address the server stores and compares: trimmed and lower-case, so that
 * "Anna.Beispiel@NetzPlus.example" logs in as anna.beispiel@netzplus.example (unique per mandant,
 * case-insensitive). NFC first, so that a composed and a decomposed "ä" are the same address.
 */
export function normalizeEmail(email: string): string {
  return email.normalize('NFC').trim().toLowerCase();
}
