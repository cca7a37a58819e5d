/**
 * Field schemas every form shares (JSON Schema, fixed at build time: plain keywords only, see
 * docs/adr/0010-forms-without-eval.md), and the checks the server and the runtime run with the same rule.
 */

/** Enough to catch typos (SPEC 5, invalid e-mail PSOF0302: 'Bitte geben Sie eine gültige …'); the mail proves the address. */
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
export const EMAIL_MAX_LENGTH = 254;
const EMAIL = new RegExp(EMAIL_PATTERN);

/** An e-mail address field. */
export const emailField = {
  type: 'string',
  minLength: 1,
  maxLength: EMAIL_MAX_LENGTH,
  pattern: EMAIL_PATTERN,
} as const;

/** A person's name: at least one visible character. */
export const personNameField = { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' } as const;

/** A required text: at least one visible character, bounded. */
export const requiredText = (maxLength: number) =>
  ({ type: 'string', minLength: 1, maxLength, pattern: '\\S' }) as const;

/** The same test as `emailField`, for code that checks an address outside a form (trimmed first). */
export function isEmailAddress(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length <= EMAIL_MAX_LENGTH && EMAIL.test(trimmed);
}
