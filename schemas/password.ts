import { PASSWORD_MIN_LENGTH } from './constants.ts';

/**
 * The password rules of SPEC section 5, in one place for the runtime's forms and the server: at least
 * PASSWORD_MIN_LENGTH characters, with a lowercase letter, an uppercase letter and a digit; the
 * confirmation, when a form has one, must match.
 */
export const PASSWORD_PROBLEMS = ['tooShort', 'noLowercase', 'noUppercase', 'noDigit', 'mismatch'] as const;
export type PasswordProblem = (typeof PASSWORD_PROBLEMS)[number];

/**
 * Every rule the password breaks, in the order above; an empty list means it is acceptable. Letters count
 * in any alphabet (an "ä" is a lowercase letter), and length counts characters, not UTF-16 code units,
 * so that an emoji is one character as a person sees it.
 */
export function checkPassword(password: string, confirmation?: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if ([...password].length < PASSWORD_MIN_LENGTH) problems.push('tooShort');
  if (!/\p{Ll}/u.test(password)) problems.push('noLowercase');
  if (!/\p{Lu}/u.test(password)) problems.push('noUppercase');
  if (!/\p{Nd}/u.test(password)) problems.push('noDigit');
  if (confirmation !== undefined && confirmation !== password) problems.push('mismatch');
  return problems;
}
