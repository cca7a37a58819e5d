import { describe, expect, it } from 'vitest';
import { isCommonPassword } from '../../domain/commonPasswords.ts';
import { isEmailAllowed } from '../../domain/emailRules.ts';
import { checkNewPassword, PASSWORD_RULES, type PasswordRules } from '../../domain/password.ts';
import { isEmailAddress } from '../../schemas/forms/fields.ts';
import { fillPlaceholders } from '../../server/mail/mailContext.ts';

describe('isCommonPassword: the favourites of breach lists, with digits and symbols around them', () => {
  it.each([
    ['Passwort1', true],
    ['Passwort123!', true],
    ['PASSWORT2024', true],
    ['2024Sommer', true],
    ['Sommer2026!', true],
    ['Qwertz123', true],
    ['Abcd1234', true],
    ['Schalke04', true],
    ['P4ssw0rd', true],
    ['Freundschaft7Werben', false],
    ['Empfehlen2026', false],
    ['Sommer7Regen', false],
    ['', false],
  ])('%s → %s', (password, common) => {
    expect(isCommonPassword(password)).toBe(common);
  });
});

describe('checkNewPassword: SPEC 5 plus the breach list, for passwords chosen now', () => {
  it.each<[string, string, string | undefined, string[]]>([
    ['meets every rule', 'Freundschaft7Werben', 'Freundschaft7Werben', []],
    ['too short', 'Ab1', undefined, ['tooShort']],
    ['common', 'Passwort123', 'Passwort123', ['common']],
    ['common and mismatching', 'Passwort123', 'Passwort124', ['mismatch', 'common']],
    ['weak but not common', 'freundschaft', undefined, ['noUppercase', 'noDigit']],
    [
      'empty: the rules, not the breach list',
      '',
      undefined,
      ['tooShort', 'noLowercase', 'noUppercase', 'noDigit'],
    ],
  ])('%s', (_case, password, confirmation, problems) => {
    expect(checkNewPassword(password, confirmation)).toEqual(problems);
  });

  it('follows the rules it is given (as served by the server)', () => {
    const relaxed: PasswordRules = { ...PASSWORD_RULES, MinLength: 4, Uppercase: false, RefuseCommon: false };
    expect(checkNewPassword('abc1', undefined, relaxed)).toEqual([]);
    expect(checkNewPassword('passwort1', undefined, relaxed)).toEqual([]);
    expect(checkNewPassword('passwort1')).toEqual(['noUppercase', 'common']);
  });
});

describe('e-mail checks (SPEC 5 invalid e-mail, SPEC 3 EmailWhitelist)', () => {
  it.each([
    ['anna@example.org', true],
    [' anna@example.org ', true],
    ['anna@example', false],
    ['anna.example.org', false],
    ['anna @example.org', false],
    ['anna@exa\nmple.org', false],
    [`${'a'.repeat(250)}@example.org`, false],
  ])('%j plausible → %s', (email, plausible) => {
    expect(isEmailAddress(email)).toBe(plausible);
  });

  it.each<[string, string[], boolean]>([
    ['anna@example.org', [], true],
    ['anna@netzplus.example', ['netzplus.example'], true],
    ['anna@mail.netzplus.example', ['@netzplus.example'], true],
    ['anna@NetzPlus.Example', ['netzplus.example'], true],
    ['anna@evilnetzplus.example', ['netzplus.example'], false],
    ['anna@example.org', ['netzplus.example'], false],
  ])('%s with whitelist %j → %s', (email, whitelist, allowed) => {
    expect(isEmailAllowed(email, whitelist)).toBe(allowed);
  });
});

describe('fillPlaceholders: mail texts', () => {
  it('fills each placeholder once; values are never read as placeholders themselves', () => {
    expect(fillPlaceholders('Hallo {{name}}, {{ name }}!', { name: '{{name}}' })).toBe(
      'Hallo {{name}}, {{name}}!',
    );
  });

  it('leaves an unknown placeholder empty rather than showing it raw', () => {
    expect(fillPlaceholders('Gültig {{hours}} Stunden', {})).toBe('Gültig  Stunden');
  });
});
