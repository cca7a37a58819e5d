import { PASSWORD_MIN_LENGTH } from '../schemas/constants.ts';
import type { ErrorCode } from '../schemas/errors.ts';
import { isCommonPassword } from './commonPasswords.ts';

/**
 * The password rules of SPEC section 5, in one place for the runtime's forms and the server: at least
 * PASSWORD_MIN_LENGTH characters, with a lowercase letter, an uppercase letter and a digit; the
 * confirmation, when a form has one, must match. A new password must also not be one of the most
 * common ones (domain/commonPasswords.ts).
 */
export const PASSWORD_PROBLEMS = ['tooShort', 'noLowercase', 'noUppercase', 'noDigit', 'mismatch'] as const;
export type PasswordProblem = (typeof PASSWORD_PROBLEMS)[number];
/** What `checkNewPassword` can add: a password from the breach lists. */
export type NewPasswordProblem = PasswordProblem | 'common';

/**
 * The rules as `GET /account/passwortvalidator` serves them (SPEC 5: "password rules are also fetched from
 * the server"). The runtime checks a form with the rules it fetched, through the same functions below, so
 * the browser and the server cannot disagree about a password.
 */
export interface PasswordRules {
  MinLength: number;
  Lowercase: boolean;
  Uppercase: boolean;
  Digit: boolean;
  /** Refuse the most common passwords of public breach lists. */
  RefuseCommon: boolean;
}

export const PASSWORD_RULES: PasswordRules = {
  MinLength: PASSWORD_MIN_LENGTH,
  Lowercase: true,
  Uppercase: true,
  Digit: true,
  RefuseCommon: true,
};

/**
 * Every rule the password breaks, in the order above; an empty list means it is acceptable. Letters count
 * in any alphabet (an "ä" is a lowercase letter), and length counts characters, not UTF-16 code units,
 * so that an emoji is one character as a person sees it.
 */
export function checkPassword(
  password: string,
  confirmation?: string,
  rules: PasswordRules = PASSWORD_RULES,
): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if ([...password].length < rules.MinLength) problems.push('tooShort');
  if (rules.Lowercase && !/\p{Ll}/u.test(password)) problems.push('noLowercase');
  if (rules.Uppercase && !/\p{Lu}/u.test(password)) problems.push('noUppercase');
  if (rules.Digit && !/\p{Nd}/u.test(password)) problems.push('noDigit');
  if (confirmation !== undefined && confirmation !== password) problems.push('mismatch');
  return problems;
}

/**
 * `checkPassword` for a password someone is choosing now (registration, reset, change): also refuses the
 * common ones. Existing passwords (login, demo accounts) are never judged by the breach list.
 */
export function checkNewPassword(
  password: string,
  confirmation?: string,
  rules: PasswordRules = PASSWORD_RULES,
): NewPasswordProblem[] {
  const problems: NewPasswordProblem[] = checkPassword(password, confirmation, rules);
  if (rules.RefuseCommon && password !== '' && isCommonPassword(password)) problems.push('common');
  return problems;
}

/**
 * The catalogue code that words each problem: the server answers with it, the forms show its text, so
 * a rule reads the same before and after the round trip.
 */
export const PASSWORD_PROBLEM_CODES: Readonly<Record<NewPasswordProblem, ErrorCode>> = {
  tooShort: 'PSOF0220',
  noLowercase: 'PSOF0220',
  noUppercase: 'PSOF0220',
  noDigit: 'PSOF0220',
  mismatch: 'PSOF0221',
  common: 'PSOF0222',
};
