import { describe, expect, it } from 'vitest';
import { isExcludedByWildcard } from '../../domain/emailRules.ts';

describe('SPEC 6: staff and agents barred by wildcard', () => {
  it.each([
    ['lea@netzplus.de', ['*@netzplus.de'], true],
    ['Lea@NetzPlus.DE', ['*@netzplus.de'], true],
    ['lea@netzplus.de.example.org', ['*@netzplus.de'], false],
    ['lea@shop.netzplus.de', ['*@netzplus.de'], false],
    ['lea@shop.netzplus.de', ['*@*.netzplus.de'], true],
    ['vertrieb.nord@agentur.example', ['vertrieb.*@agentur.example'], true],
    ['einkauf@agentur.example', ['vertrieb.*@agentur.example'], false],
    ['m1@agentur.example', ['m?@agentur.example'], true],
    ['m12@agentur.example', ['m?@agentur.example'], false],
    // The dot and other regular-expression characters are literal.
    ['leaXnetzplus.de', ['lea.netzplus.de'], false],
    ['a+b@x.example', ['a+b@x.example'], true],
    ['anyone@example.org', [], false],
  ])('%s with %j → %s', (email, wildcards, expected) => {
    expect(isExcludedByWildcard(email, wildcards)).toBe(expected);
  });
});
