import { electronicFormatIBAN, isValidIBAN } from 'ibantools';

/**
 * The IBAN rules shared by the runtime's forms and the server (recipient and recommender bank data):
 * normalise what a person typed, validate it (checksum and country format, via ibantools), optionally
 * only German IBANs (SPEC section 5, ModuleIBANNurDE), and mask it for display.
 */

/** Why an IBAN is refused; an empty field is the form's "required" problem, not one of these. */
export type IbanProblem = 'invalid' | 'notGerman';

export interface IbanRules {
  /** ModuleIBANNurDE: only IBANs of country DE are valid. */
  germanOnly?: boolean;
}

/** The electronic format (upper case, no spaces or dashes), or '' when nothing usable was typed. */
export function normaliseIban(input: string): string {
  return electronicFormatIBAN(input) ?? '';
}

/** The problem with an IBAN, or null when it is valid under the rules. Accepts typed (spaced) input. */
export function checkIban(input: string, rules: IbanRules = {}): IbanProblem | null {
  const iban = normaliseIban(input);
  if (!isValidIBAN(iban)) return 'invalid';
  if (rules.germanOnly && !iban.startsWith('DE')) return 'notGerman';
  return null;
}

export function isAcceptableIban(input: string, rules: IbanRules = {}): boolean {
  return checkIban(input, rules) === null;
}

/**
 * Masked for display: country and check digits and the last four characters stay, the rest becomes '*',
 * in groups of four — `DE89 **** **** **** **30 00`. Short or empty input masks to the same rule.
 */
export function maskIban(input: string): string {
  const iban = normaliseIban(input);
  const visibleEnd = Math.max(4, iban.length - 4);
  const masked = [...iban]
    .map((character, index) => (index < 4 || index >= visibleEnd ? character : '*'))
    .join('');
  return groupIban(masked);
}

/** Groups of four separated by a space (the paper format), for display. */
export function groupIban(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, '$1 ');
}
