import { describe, expect, it } from 'vitest';
import { checkPassword, type PasswordProblem } from '../../domain/password.ts';

describe('checkPassword (SPEC section 5: at least 8 characters, a lowercase and an uppercase letter, a digit)', () => {
  it.each<[string, string, PasswordProblem[]]>([
    ['meets every rule', 'Empfehlen2026', []],
    ['exactly 8 characters is enough', 'Abcdef12', []],
    ['7 characters is too short', 'Abcde12', ['tooShort']],
    ['no lowercase letter', 'EMPFEHLEN2026', ['noLowercase']],
    ['no uppercase letter', 'empfehlen2026', ['noUppercase']],
    ['no digit', 'Empfehlenjetzt', ['noDigit']],
    ['empty breaks every rule', '', ['tooShort', 'noLowercase', 'noUppercase', 'noDigit']],
    ['umlauts count as letters', 'ÄRGERLICHä1', []],
    ['an emoji is one character, not two', 'Ab1😀😀😀😀', ['tooShort']],
    ['spaces are allowed', 'Mein Passwort 1', []],
  ])('%s', (_case, password, problems) => {
    expect(checkPassword(password)).toEqual(problems);
  });

  it.each<[string, string, string, PasswordProblem[]]>([
    ['a matching confirmation', 'Empfehlen2026', 'Empfehlen2026', []],
    ['a different confirmation', 'Empfehlen2026', 'Empfehlen2025', ['mismatch']],
    ['a confirmation differing in case only', 'Empfehlen2026', 'empfehlen2026', ['mismatch']],
  ])('confirmation must match: %s', (_case, password, confirmation, problems) => {
    expect(checkPassword(password, confirmation)).toEqual(problems);
  });
});
