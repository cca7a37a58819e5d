import { describe, expect, it } from 'vitest';
import { ERRORS, errorMessage, isErrorCode } from '../../schemas/errors.ts';

describe('error catalogue (SPEC section 8)', () => {
  it('every code has a 4xx/5xx status and German and English text', () => {
    for (const [code, entry] of Object.entries(ERRORS)) {
      expect(code).toMatch(/^PSOF\d{4}$/);
      expect(entry.status).toBeGreaterThanOrEqual(400);
      expect(entry.status).toBeLessThan(600);
      expect(entry.de.length).toBeGreaterThan(0);
      expect(entry.en.length).toBeGreaterThan(0);
    }
  });

  it.each([
    ['PSOF0100', 'Keine/Unbekannte Produkt-API in Mandantenkonfiguration definiert'],
    ['PSOF0101', '404 - Unknown category'],
    ['PSOF0102', 'Inhalt nicht verfügbar'],
    ['PSOF0303', 'Die E-Mail-Adresse darf nicht dieselbe, wie die der Empfehlung sein.'],
    ['PSOF0302', 'Bitte geben Sie eine gültige E-Mail-Adresse ein.'],
    ['PSOF0309', 'Diese Empfehlung ist leider nicht mehr möglich'],
    ['PSOF0310', 'Bitte verwenden Sie den Link aus Ihrer E-Mail.'],
  ] as const)('%s keeps SPEC wording word for word', (code, text) => {
    expect(errorMessage(code, 'de')).toBe(text);
  });

  // SPEC 5: an invalid IBAN is '{field} ist nicht gültig'; a foreign one under ModuleIBANNurDE says so too, in
  // one wording for the recommender's bank data (PSOF0242) and the recipient's (PSOF0333).
  it.each([
    ['de', 'IBAN ist nicht gültig: Bitte geben Sie eine deutsche IBAN (beginnt mit DE) an.'],
    ['en', 'IBAN is not valid: please enter a German IBAN (starting with DE).'],
  ] as const)('a foreign IBAN has one wording in both bank forms (%s)', (language, text) => {
    expect(errorMessage('PSOF0242', language)).toBe(text);
    expect(errorMessage('PSOF0333', language)).toBe(text);
    expect(text.startsWith(errorMessage('PSOF0240', language))).toBe(true);
    expect(errorMessage('PSOF0332', language)).toBe(errorMessage('PSOF0240', language));
  });

  it('PSOF0204 is the forced-logout code and answers 401', () => {
    expect(ERRORS.PSOF0204.status).toBe(401);
  });

  it('falls back to German for languages without a text', () => {
    expect(errorMessage('PSOF0001', 'fr')).toBe(ERRORS.PSOF0001.de);
    expect(errorMessage('PSOF0001', 'en')).toBe(ERRORS.PSOF0001.en);
  });

  it('isErrorCode accepts catalogue codes only', () => {
    expect(isErrorCode('PSOF0204')).toBe(true);
    expect(isErrorCode('PSOF9999')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
  });
});
