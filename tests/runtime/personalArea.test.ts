import { describe, expect, it } from 'vitest';
import { newsletterState } from '../../schemas/newsletter.ts';
import type { EmpfehlungStatus } from '../../schemas/personalArea.ts';
import { checkKundennummer, checkName, maskName, recommendationSteps } from '../../schemas/personalArea.ts';
import { fitsEarnedValue, isChoosable, isCollected, type PraemierungStatus } from '../../schemas/praemien.ts';

/** The pure rules of the personal area, as tables that cite the SPEC rule they check. */
describe('SPEC 4: a recommendation as three steps — made, accepted, reward received', () => {
  const reward = (Status: PraemierungStatus) => ({ Id: 'x', Status, WertCent: 7000, PraemieId: null });
  it.each([
    ['Offen', null, { made: 'done', accepted: 'current', rewarded: 'open' }],
    ['Ok', reward('Offen'), { made: 'done', accepted: 'done', rewarded: 'current' }],
    ['Freigegeben', reward('Bereitgestellt'), { made: 'done', accepted: 'done', rewarded: 'current' }],
    ['Freigegeben', reward('Abgeholt'), { made: 'done', accepted: 'done', rewarded: 'done' }],
    ['Freigegeben', reward('Abgelaufen'), { made: 'done', accepted: 'done', rewarded: 'stopped' }],
    ['Gezahlt', reward('Ausgezahlt'), { made: 'done', accepted: 'done', rewarded: 'done' }],
    ['Gezahlt', null, { made: 'done', accepted: 'done', rewarded: 'done' }],
    ['Abgelaufen', null, { made: 'done', accepted: 'stopped', rewarded: 'stopped' }],
    ['Storniert', reward('Storniert'), { made: 'done', accepted: 'stopped', rewarded: 'stopped' }],
  ] as const)('%s with reward %o', (Status, Praemierung, expected) => {
    expect(recommendationSteps({ Status: Status as EmpfehlungStatus, Praemierung })).toEqual(expected);
  });
});

describe('SPEC 3: newsletter state — optedIn if given; pending if not given but the mail was sent; else optedOut', () => {
  it.each([
    [true, null, 'optedIn'],
    [true, '2026-04-01T09:30:00', 'optedIn'],
    [false, '2026-04-01T09:30:00', 'pending'],
    [false, null, 'optedOut'],
  ] as const)('given %s, sent %s → %s', (NewsletterOptinGegeben, NewsletterOptinVersendetAm, state) => {
    expect(newsletterState({ NewsletterOptinGegeben, NewsletterOptinVersendetAm })).toBe(state);
  });
});

describe('SPEC 3 reward statuses: what can still be chosen, what is collected', () => {
  it.each([
    ['Offen', true, false],
    ['Bereitgestellt', true, false],
    ['Abgeholt', false, true],
    ['Ausgezahlt', false, true],
    ['Storniert', false, false],
    ['Abgelaufen', false, false],
  ] as const)('%s: choosable %s, collected %s', (status, choosable, collected) => {
    expect(isChoosable(status)).toBe(choosable);
    expect(isCollected(status)).toBe(collected);
  });

  it('a reward that pays the earned value always fits; a fixed one only up to the earned value', () => {
    expect(fitsEarnedValue({ WertCent: null }, 2500)).toBe(true);
    expect(fitsEarnedValue({}, 2500)).toBe(true);
    expect(fitsEarnedValue({ WertCent: 2500 }, 2500)).toBe(true);
    expect(fitsEarnedValue({ WertCent: 5000 }, 2500)).toBe(false);
  });
});

describe('masked recipients, names and customer numbers', () => {
  it.each([
    ['Max', 'Mustermann', 'M*** M***'],
    ['ömer', 'çelik', 'Ö*** Ç***'],
    ['Max', null, 'M***'],
    [null, null, null],
    ['  ', '', null],
  ])('%s %s → %s', (vorname, nachname, masked) => {
    expect(maskName(vorname, nachname)).toBe(masked);
  });

  it.each([
    ['Anna', null],
    ['Anna-Lena', null],
    ["O'Brien", null],
    ['Zoë', null],
    ['', 'required'],
    ['  ', 'required'],
    ['R2D2', 'invalid'],
    ['<b>', 'invalid'],
    ['A'.repeat(101), 'invalid'],
  ] as const)('name %j → %s', (value, problem) => {
    expect(checkName(value)).toBe(problem);
  });

  it.each([
    ['KD-123456', null],
    ['12345678', null],
    ['', 'required'],
    ['123', 'invalid'],
    ['-1234', 'invalid'],
    ['<x>', 'invalid'],
    ['1'.repeat(21), 'invalid'],
  ] as const)('customer number %j → %s', (value, problem) => {
    expect(checkKundennummer(value)).toBe(problem);
  });
});
