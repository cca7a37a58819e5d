import { describe, expect, it } from 'vitest';
import { isEmailAllowed } from '../../domain/emailRules.ts';
import type { MandantConfig } from '../../schemas/api.ts';
import { offeredShares } from '../../schemas/recommendForm.ts';
import {
  checkRecommendationRules,
  hasAcceptedTerms,
  type RecommendationInput,
  resolveShare,
} from '../../server/recommendations/recommendationRules.ts';

const CONFIG = {
  EmailWhitelist: [],
  AllowSelfRecommendation: false,
  AgbCheckBoxAutoAccept: false,
  RecommenderDefaultShare: '100',
  ModuleAgentRecommendation: true,
  ModuleCompanyRecommendation: false,
  ModuleErstelleOfflineEmpfehlungCode: true,
} as unknown as MandantConfig;

const INPUT: RecommendationInput = {
  kind: 'standard',
  recommenderEmail: 'erika@example.org',
  recipientEmail: undefined,
  termsValue: true,
  agentennummer: undefined,
  firma: undefined,
};

describe('SPEC 5: terms accepted is true, the string yes, or a positive number', () => {
  it.each([
    [true, false, true],
    ['yes', false, true],
    ['YES', false, true],
    [1, false, true],
    ['3', false, true],
    [false, false, false],
    ['no', false, false],
    [0, false, false],
    [-1, false, false],
    ['', false, false],
    [undefined, false, false],
    // AgbCheckBoxAutoAccept: the box was shown ticked; leaving the field out accepts, refusing does not.
    [undefined, true, true],
    [false, true, false],
  ])('%j (auto-accept %s) → %s', (value, autoAccept, expected) => {
    expect(hasAcceptedTerms(value, autoAccept)).toBe(expected);
  });
});

describe('SPEC 6: an address barred by wildcard cannot recommend', () => {
  it('answers PSOF0206 on the recommender e-mail, after the whitelist', () => {
    const config = { ...CONFIG, programme: { excludedEmailWildcards: ['*@netzplus.de'] } } as MandantConfig;
    expect(checkRecommendationRules({ ...INPUT, recommenderEmail: 'lea@netzplus.de' }, config)).toEqual({
      code: 'PSOF0206',
      pointer: '/Empfehler/Email',
      reason: 'excluded from the programme',
    });
    expect(checkRecommendationRules(INPUT, config)).toBeUndefined();
  });
});

describe('SPEC 5: EmailWhitelist', () => {
  it.each([
    ['a@firma.example', [], true],
    ['a@firma.example', ['firma.example'], true],
    ['A@Firma.Example', ['firma.example'], true],
    ['a@team.firma.example', ['firma.example'], true],
    ['a@notfirma.example', ['firma.example'], false],
    ['a@firma.example.org', ['firma.example'], false],
    ['a@other.example', ['firma.example', 'other.example'], true],
  ])('%s with %j → %s', (email, list, expected) => {
    expect(isEmailAllowed(email, list)).toBe(expected);
  });
});

describe('SPEC 5: share parsed as integer, default from RecommenderDefaultShare, 50:50 option', () => {
  it.each([
    ['100', undefined, 100],
    ['100', '', 100],
    ['100', '50', 50],
    ['100', 50, 50],
    ['100', '50 %', 50],
    ['100', '100', 100],
    ['100', '0', undefined],
    ['100', 'abc', undefined],
    ['100', 75, undefined],
    ['50', undefined, 50],
    ['50', '100', undefined],
    ['80', '80', 80],
  ])('default %s, value %j → %s', (standard, value, expected) => {
    expect(resolveShare(value, { RecommenderDefaultShare: standard })).toBe(expected);
  });

  it('offers the default first, then 50', () => {
    expect(offeredShares('100')).toEqual([100, 50]);
    expect(offeredShares('50')).toEqual([50]);
  });
});

describe('checkRecommendationRules: the first violation, in the order the form shows them', () => {
  it.each<[string, Partial<RecommendationInput>, Partial<MandantConfig>, string | undefined]>([
    ['a valid recommendation', {}, {}, undefined],
    ['company without its module', { kind: 'company', firma: 'X' }, {}, 'PSOF0321'],
    ['agent without an agent number', { kind: 'agent' }, {}, 'PSOF0013'],
    ['agent with one', { kind: 'agent', agentennummer: 'CC-1' }, {}, undefined],
    ['company without a company', { kind: 'company' }, { ModuleCompanyRecommendation: true }, 'PSOF0013'],
    ['an invalid e-mail', { recommenderEmail: 'erika' }, {}, 'PSOF0302'],
    ['an e-mail off the whitelist', {}, { EmailWhitelist: ['firma.example'] }, 'PSOF0302'],
    ['the friend’s invalid e-mail', { recipientEmail: 'x' }, {}, 'PSOF0302'],
    ['a self-recommendation', { recipientEmail: 'erika@example.org' }, {}, 'PSOF0303'],
    [
      'an allowed self-recommendation',
      { recipientEmail: 'erika@example.org' },
      { AllowSelfRecommendation: true },
      undefined,
    ],
    ['missing terms', { termsValue: undefined }, {}, 'PSOF0304'],
    ['missing terms, auto-accepted', { termsValue: undefined }, { AgbCheckBoxAutoAccept: true }, undefined],
    ['an invalid e-mail and missing terms', { recommenderEmail: 'x', termsValue: false }, {}, 'PSOF0302'],
  ])('%s → %s', (_case, input, config, code) => {
    expect(checkRecommendationRules({ ...INPUT, ...input }, { ...CONFIG, ...config })?.code).toBe(code);
  });
});
