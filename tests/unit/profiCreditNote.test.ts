import { describe, expect, it } from 'vitest';
import { campaignExtras, parseProvision, provisionGrund } from '../../domain/profiCommission.ts';
import {
  creditNoteTotals,
  KLEINUNTERNEHMER_HINWEIS,
  parseProfiCreditNoteNumber,
  profiCreditNoteNumber,
} from '../../domain/profiCreditNote.ts';

const lines = (...cents: number[]) => cents.map((ProvisionCent) => ({ ProvisionCent }));

describe('profi credit note totals (domain/profiCreditNote.ts)', () => {
  it.each([
    // [lines, status, net, rate ‰, VAT, gross]
    [lines(7000), 'kleinunternehmer', 7000, 0, 0, 7000],
    [lines(7000, 6000, 1), 'kleinunternehmer', 13001, 0, 0, 13001],
    [lines(), 'kleinunternehmer', 0, 0, 0, 0],
    [lines(7000), 'regelbesteuert', 7000, 190, 1330, 8330],
    [lines(7000, 6000), 'regelbesteuert', 13000, 190, 2470, 15470],
    // 150 × 19 % = 28,5 → 29 (half up), once on the total: per line 9,5 → 10 three times would be 30.
    [lines(50, 50, 50), 'regelbesteuert', 150, 190, 29, 179],
    // 7499 × 19 % = 1424,81 → 1425
    [lines(7499), 'regelbesteuert', 7499, 190, 1425, 8924],
    // 2 × 19 % = 0,38 → 0; 3 → 0,57 → 1
    [lines(2), 'regelbesteuert', 2, 190, 0, 2],
    [lines(3), 'regelbesteuert', 3, 190, 1, 4],
    [lines(), 'regelbesteuert', 0, 190, 0, 0],
  ] as const)('%j %s → net %i, %i ‰, VAT %i, gross %i', (input, status, net, rate, vat, gross) => {
    const totals = creditNoteTotals(input, status);
    expect(totals).toEqual({ nettoCent: net, ustSatzPromille: rate, ustCent: vat, bruttoCent: gross });
    // The net is the sum of the lines; the gross is net + VAT.
    expect(totals.nettoCent).toBe(input.reduce((sum, line) => sum + line.ProvisionCent, 0));
    expect(totals.bruttoCent).toBe(totals.nettoCent + totals.ustCent);
  });

  it('refuses amounts that are not whole cents ≥ 0', () => {
    expect(() => creditNoteTotals(lines(-1), 'regelbesteuert')).toThrow(RangeError);
    expect(() => creditNoteTotals(lines(1.5), 'kleinunternehmer')).toThrow(RangeError);
  });

  it('the § 19 UStG note is the statutory sentence', () => {
    expect(KLEINUNTERNEHMER_HINWEIS).toBe('Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.');
  });
});

describe('profi credit note numbers', () => {
  it.each([
    [1, 'GS-P-000001'],
    [42, 'GS-P-000042'],
    [999_999, 'GS-P-999999'],
    [1_000_000, 'GS-P-1000000'],
  ])('%i → %s and back', (nummer, printed) => {
    expect(profiCreditNoteNumber(nummer)).toBe(printed);
    expect(parseProfiCreditNoteNumber(printed)).toBe(nummer);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses %s', (nummer) => {
    expect(() => profiCreditNoteNumber(nummer)).toThrow(RangeError);
  });

  it.each([
    '',
    'GS-P-1',
    'GS-P-000000',
    'gs-p-000001',
    'GS-X-000001',
    'GS-P-000001.pdf',
    '1',
    'GS-P-0000001000',
  ])('reads %j as no number', (text) => {
    expect(parseProfiCreditNoteNumber(text)).toBeNull();
  });
});

describe('profi commission basis and reason (domain/profiCommission.ts)', () => {
  it.each([
    ['standard;7000', 7000, true],
    ['standard;6000', 6000, true],
    [' aktion;1 ', 1, true],
    ['standard;0', 0, false],
    ['', 0, false],
    [null, 0, false],
    [undefined, 0, false],
    ['standard', 0, false],
    ['standard;70,00', 0, false],
    ['standard;-5', 0, false],
    ['STANDARD;7000', 0, false],
  ])('%j → %i cents', (text, basisCent, known) => {
    expect(parseProvision(text)).toEqual({ basisCent, known });
  });

  const base = { betragCent: 7000, concluded: false, inReview: false, onCreditNote: false } as const;
  it.each([
    [{ ...base, status: 'pending' }, 'WartetAufBestaetigung'],
    [{ ...base, status: 'pending', concluded: true }, 'WartetAufWiderrufsfrist'],
    [{ ...base, status: 'pending', concluded: true, inReview: true }, 'InPruefung'],
    [{ ...base, status: 'approved' }, 'FreigegebenNaechsteGutschrift'],
    [{ ...base, status: 'approved', onCreditNote: true }, 'AufGutschrift'],
    [{ ...base, status: 'paid', onCreditNote: true }, 'Ausgezahlt'],
    [{ ...base, status: 'cancelled' }, 'AuftragStorniert'],
    [{ ...base, status: 'cancelled', betragCent: 0 }, 'AuftragStorniert'],
    [{ ...base, status: 'pending', betragCent: 0 }, 'KeineProvision'],
    [{ ...base, status: 'approved', betragCent: 0 }, 'KeineProvision'],
  ] as const)('%j → %s', (facts, grund) => {
    expect(provisionGrund(facts)).toBe(grund);
  });
});

describe('profi campaign extras (domain/profiCommission.ts campaignExtras)', () => {
  const extras = [
    { Id: 'sommer', ProduktIds: ['601', 'NP-602'], ExtraCent: 1000, Von: '2026-06-01', Bis: '2026-08-31' },
    { Id: 'immer', ProduktIds: ['601'], ExtraCent: 250, Von: '2026-01-01', Bis: null },
  ];
  it.each([
    [['601'], '2026-07-15', 1250, ['sommer', 'immer']],
    [['601'], '2026-06-01', 1250, ['sommer', 'immer']],
    [['601'], '2026-08-31', 1250, ['sommer', 'immer']],
    [['601'], '2026-09-01', 250, ['immer']],
    [['601'], '2025-12-31', 0, []],
    [['602', 'NP-602'], '2026-07-01', 1000, ['sommer']],
    [['603'], '2026-07-01', 0, []],
  ])('%j on %s → %i', (keys, day, extraCent, ids) => {
    expect(campaignExtras(extras, keys, day)).toEqual({ extraCent, ids });
  });
  it('no extras configured: nothing', () => {
    expect(campaignExtras(undefined, ['601'], '2026-07-01')).toEqual({ extraCent: 0, ids: [] });
  });
});
