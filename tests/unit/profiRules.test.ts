import { describe, expect, it } from 'vitest';
import type { ProfiDataForm } from '../../schemas/forms/profiSeller.ts';
import {
  checkProfiData,
  isValidSteuernummer,
  isValidUstId,
  normaliseUstId,
} from '../../schemas/profiRules.ts';

/** Issue 16: the rules of a seller's data that a schema cannot state (forms' customValidate and the server). */
const PERSON: ProfiDataForm = {
  Art: 'Person',
  Vorname: 'Paula',
  Nachname: 'Profi',
  Strasse: 'Hauptstraße 1',
  Plz: '10115',
  Ort: 'Berlin',
  Steuerstatus: 'Kleinunternehmer',
  Steuernummer: '21/815/08150',
};

describe('the profi-seller data rules', () => {
  it('takes a Steuernummer of 10 to 13 digits with / or spaces only', () => {
    for (const valid of ['21/815/08150', '2181508150', '93815 08152', '2893081508152', '289/308/150/8152']) {
      expect([valid, isValidSteuernummer(valid)]).toEqual([valid, true]);
    }
    for (const invalid of [
      '',
      '123456789',
      '12345678901234',
      '21-815-08150',
      '/2181508150',
      'DE2181508150',
    ]) {
      expect([invalid, isValidSteuernummer(invalid)]).toEqual([invalid, false]);
    }
  });

  it('takes a USt-IdNr of two letters and 2–12 characters, a German one DE and 9 digits', () => {
    expect(normaliseUstId(' de 123 456 789 ')).toBe('DE123456789');
    for (const valid of ['DE123456789', 'de 123456789', 'ATU12345678', 'FR12345678901']) {
      expect([valid, isValidUstId(valid)]).toEqual([valid, true]);
    }
    for (const invalid of ['DE12345678', 'DE1234567890', '123456789', 'D1234']) {
      expect([invalid, isValidUstId(invalid)]).toEqual([invalid, false]);
    }
  });

  it('names each problem with its field and code', () => {
    expect(checkProfiData(PERSON)).toEqual([]);
    expect(checkProfiData({ ...PERSON, Art: 'Firma', Firma: ' ' })).toEqual([
      { pointer: '/Firma', code: 'PSOF0942' },
    ]);
    expect(checkProfiData({ ...PERSON, Art: 'Firma', Firma: 'Profi GmbH' })).toEqual([]);
    expect(checkProfiData({ ...PERSON, Steuernummer: '' })).toEqual([
      { pointer: '/Steuernummer', code: 'PSOF0944' },
    ]);
    // A small business needs the Steuernummer even with a USt-IdNr.
    expect(checkProfiData({ ...PERSON, Steuernummer: '', UstId: 'DE123456789' })).toEqual([
      { pointer: '/Steuernummer', code: 'PSOF0944' },
    ]);
    const vat = { ...PERSON, Steuerstatus: 'Regelbesteuert' as const };
    expect(checkProfiData({ ...vat, Steuernummer: '', UstId: '' })).toEqual([
      { pointer: '/Steuernummer', code: 'PSOF0943' },
    ]);
    expect(checkProfiData({ ...vat, Steuernummer: '', UstId: 'DE123456789' })).toEqual([]);
    expect(checkProfiData({ ...vat })).toEqual([]);
    expect(checkProfiData({ ...vat, Steuernummer: '123', UstId: 'DE1' })).toEqual([
      { pointer: '/Steuernummer', code: 'PSOF0941' },
      { pointer: '/UstId', code: 'PSOF0945' },
    ]);
  });
});
