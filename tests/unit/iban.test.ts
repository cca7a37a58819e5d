import { describe, expect, it } from 'vitest';
import { checkIban, groupIban, isAcceptableIban, maskIban, normaliseIban } from '../../domain/iban.ts';

describe('normaliseIban', () => {
  it.each([
    ['DE89 3704 0044 0532 0130 00', 'DE89370400440532013000'],
    [' de89-3704-0044-0532-0130-00 ', 'DE89370400440532013000'],
    ['', ''],
  ])('%j → %s', (input, expected) => {
    expect(normaliseIban(input)).toBe(expected);
  });
});

// SPEC section 5: an invalid IBAN is '{field} ist nicht gültig'; with ModuleIBANNurDE only German IBANs are valid.
describe('checkIban', () => {
  it.each([
    ['DE89 3704 0044 0532 0130 00', {}, null],
    ['de89370400440532013000', { germanOnly: true }, null],
    ['AT61 1904 3002 3457 3201', {}, null],
    ['AT61 1904 3002 3457 3201', { germanOnly: true }, 'notGerman'],
    ['NL91ABNA0417164300', { germanOnly: true }, 'notGerman'],
    ['DE89 3704 0044 0532 0130 01', {}, 'invalid'], // wrong check digits
    ['DE89 3704 0044 0532 0130', {}, 'invalid'], // too short for DE
    ['XX00 1234', {}, 'invalid'],
    ['', {}, 'invalid'],
    ['hallo', { germanOnly: true }, 'invalid'],
  ] as const)('%j with %j → %s', (input, rules, expected) => {
    expect(checkIban(input, rules)).toBe(expected);
    expect(isAcceptableIban(input, rules)).toBe(expected === null);
  });
});

describe('maskIban', () => {
  it.each([
    ['DE89370400440532013000', 'DE89 **** **** **** **30 00'],
    ['DE89 3704 0044 0532 0130 00', 'DE89 **** **** **** **30 00'],
    ['NL91ABNA0417164300', 'NL91 **** **** **43 00'],
    ['DE89', 'DE89'],
    ['', ''],
  ])('%s → %s', (input, expected) => {
    expect(maskIban(input)).toBe(expected);
  });

  it('never shows more than the first and last four characters of a full IBAN', () => {
    const masked = maskIban('DE89370400440532013000').replaceAll(' ', '');
    expect(masked.replaceAll('*', '')).toBe('DE893000');
  });
});

describe('groupIban', () => {
  it.each([
    ['DE89370400440532013000', 'DE89 3704 0044 0532 0130 00'],
    ['DE893704', 'DE89 3704'],
    ['', ''],
  ])('%s → %s', (input, expected) => {
    expect(groupIban(input)).toBe(expected);
  });
});
