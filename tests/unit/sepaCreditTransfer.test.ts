import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { create } from 'xmlbuilder2';
import { validateXML } from 'xmllint-wasm';
import {
  buildSepaCreditTransfer,
  type SepaCreditTransferRun,
  type SepaTransfer,
} from '../../server/payouts/sepaCreditTransfer.ts';

// The official ISO 20022 schema, unmodified (tests/fixtures/sepa/README.md says where it comes from).
const schema = {
  fileName: 'pain.001.001.09.xsd',
  contents: readFileSync(new URL('../fixtures/sepa/pain.001.001.09.xsd', import.meta.url), 'utf8'),
};

const DEBTOR_IBAN = 'DE89370400440532013000';
const CREDITOR_IBAN = 'DE02120300000000202051';

function transfer(overrides: Partial<SepaTransfer> = {}): SepaTransfer {
  return {
    endToEndId: 'PAYOUT-1',
    amountCent: 2500,
    creditor: { name: 'Erika Mustermann', iban: CREDITOR_IBAN },
    remittance: 'Praemie Empfehlung 4711',
    ...overrides,
  };
}

function run(transfers: readonly SepaTransfer[]): SepaCreditTransferRun {
  return {
    messageId: 'RUN-2026-05-01-1',
    createdAt: new Date('2026-05-01T08:30:00.123Z'),
    executionDate: '2026-05-04',
    debtor: { name: 'Empfehlen GmbH', iban: DEBTOR_IBAN, bic: 'COBADEFFXXX' },
    transfers,
  };
}

/** Several amounts, one without a creditor BIC, with umlauts and XML's special characters. */
const severalTransfers = [
  transfer({ endToEndId: 'PAYOUT-1', amountCent: 1, creditor: { name: 'Jörg Müßig', iban: CREDITOR_IBAN } }),
  transfer({
    endToEndId: 'PAYOUT-2',
    amountCent: 1999,
    creditor: { name: 'Ärzte & Söhne <KG>', iban: 'DE75 5121 0800 1245 1261 99', bic: ' markdef1100' },
    remittance: 'Prämie "Sommer" für <Empfehlung> & Co.',
  }),
  transfer({ endToEndId: 'PAYOUT-3', amountCent: 100000, remittance: '' }),
];

async function validate(xml: string) {
  return validateXML({ xml: { fileName: 'payout.xml', contents: xml }, schema });
}

/** The text of every element with this local name, in document order (parsed, so entities are decoded). */
function texts(xml: string, name: string): string[] {
  return create(xml)
    .filter((element) => element.node.nodeName === name, false, true)
    .map((element) => element.node.textContent ?? '');
}

describe('buildSepaCreditTransfer', () => {
  it('produces a document that the ISO 20022 pain.001.001.09 schema accepts', async () => {
    const result = await validate(buildSepaCreditTransfer(run(severalTransfers)));
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('is checked by a schema that does refuse a broken document', async () => {
    // Guards the test above: the same validation must fail once a mandatory element is missing.
    const broken = buildSepaCreditTransfer(run(severalTransfers)).replace(
      /<ChrgBr>SLEV<\/ChrgBr>/,
      '<Chrg/>',
    );
    const result = await validate(broken);
    expect(result.valid).toBe(false);
  });

  it('writes the fixed SEPA frame: namespace, one batch-booked PmtInf, SEPA service level, SLEV, dates', () => {
    const xml = buildSepaCreditTransfer(run(severalTransfers));
    expect(xml).toContain('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09">');
    expect(texts(xml, 'MsgId')).toEqual(['RUN-2026-05-01-1']);
    expect(texts(xml, 'CreDtTm')).toEqual(['2026-05-01T08:30:00Z']);
    expect(texts(xml, 'PmtInf')).toHaveLength(1);
    expect(texts(xml, 'PmtMtd')).toEqual(['TRF']);
    expect(texts(xml, 'BtchBookg')).toEqual(['true']);
    expect(texts(xml, 'Cd')).toEqual(['SEPA']);
    expect(texts(xml, 'Dt')).toEqual(['2026-05-04']);
    expect(texts(xml, 'ChrgBr')).toEqual(['SLEV']);
    expect(texts(xml, 'EndToEndId')).toEqual(['PAYOUT-1', 'PAYOUT-2', 'PAYOUT-3']);
    expect(texts(xml, 'IBAN')).toEqual([DEBTOR_IBAN, CREDITOR_IBAN, 'DE75512108001245126199', CREDITOR_IBAN]);
  });

  it('gives BICFI only where a BIC is known and never NOTPROVIDED', () => {
    const xml = buildSepaCreditTransfer(run(severalTransfers));
    expect(texts(xml, 'BICFI')).toEqual(['COBADEFFXXX', 'MARKDEF1100']);
    expect(texts(xml, 'CdtrAgt')).toHaveLength(1);
    expect(xml).not.toContain('NOTPROVIDED');
  });

  it('names the debtor agent NOTPROVIDED (EPC guideline) when the debtor has no BIC', async () => {
    const withoutBic = run([transfer()]);
    const xml = buildSepaCreditTransfer({
      ...withoutBic,
      debtor: { name: 'Empfehlen GmbH', iban: DEBTOR_IBAN },
    });
    expect(texts(xml, 'BICFI')).toEqual([]);
    expect(texts(xml, 'DbtrAgt')).toEqual(['NOTPROVIDED']);
    expect((await validate(xml)).valid).toBe(true);
  });

  it.each([
    [[1, 2], '2', '0.03', ['0.01', '0.02']],
    [[1999, 1], '2', '20.00', ['19.99', '0.01']],
    [[10, 20], '2', '0.30', ['0.10', '0.20']], // 0.1 + 0.2 in floating point is 0.30000000000000004
    [[5], '1', '0.05', ['0.05']],
    [[99999999999, 1], '2', '1000000000.00', ['999999999.99', '0.01']],
  ])('amounts %j → NbOfTxs %s, CtrlSum %s', (cents, count, controlSum, amounts) => {
    const transfers = cents.map((amountCent, index) =>
      transfer({ endToEndId: `PAYOUT-${index}`, amountCent }),
    );
    const xml = buildSepaCreditTransfer(run(transfers));
    // GrpHdr and PmtInf both carry the count and the sum.
    expect(texts(xml, 'NbOfTxs')).toEqual([count, count]);
    expect(texts(xml, 'CtrlSum')).toEqual([controlSum, controlSum]);
    expect(texts(xml, 'InstdAmt')).toEqual(amounts);
    expect(xml).toContain('<InstdAmt Ccy="EUR">');
  });

  it('spells out umlauts and ß, drops other accents and replaces characters outside the SEPA set', () => {
    const xml = buildSepaCreditTransfer(
      run([
        transfer({
          creditor: { name: 'Jörg Müßig-Äpfel Özdemir Übel José', iban: CREDITOR_IBAN },
          remittance: 'Prämie für Öl, Übergröße: 10 € @ Straße',
        }),
      ]),
    );
    expect(texts(xml, 'Nm')).toEqual([
      'Empfehlen GmbH',
      'Empfehlen GmbH',
      'Joerg Muessig-Aepfel Oezdemir Uebel Jose',
    ]);
    expect(texts(xml, 'Ustrd')).toEqual(['Praemie fuer Oel, Uebergroesse: 10     Strasse']);
  });

  it('cuts a long remittance at 140 characters and a long name at 70', async () => {
    const remittance = `${'Empfehlung '.repeat(20)}Ende`;
    const xml = buildSepaCreditTransfer(
      run([transfer({ remittance, creditor: { name: 'N'.repeat(100), iban: CREDITOR_IBAN } })]),
    );
    const [ustrd] = texts(xml, 'Ustrd');
    expect(ustrd).toHaveLength(140);
    expect(remittance.startsWith(ustrd ?? '-')).toBe(true);
    expect(texts(xml, 'Nm')[2]).toBe('N'.repeat(70));
    expect((await validate(xml)).valid).toBe(true);
  });

  it('cuts after spelling out umlauts, so the longer spelling still fits in 140', () => {
    const xml = buildSepaCreditTransfer(run([transfer({ remittance: `${'a'.repeat(139)}ü` })]));
    expect(texts(xml, 'Ustrd')).toEqual([`${'a'.repeat(139)}u`]);
  });

  it('keeps a text with < & > well-formed and valid', async () => {
    const xml = buildSepaCreditTransfer(
      run([
        transfer({
          remittance: 'Tom & Jerry <b>Prämie</b> "x"',
          creditor: { name: 'A<&>B', iban: CREDITOR_IBAN },
        }),
      ]),
    );
    expect((await validate(xml)).valid).toBe(true);
    expect(texts(xml, 'Ustrd')).toEqual(['Tom   Jerry  b Praemie /b   x']);
    expect(texts(xml, 'Nm')[2]).toBe('A   B');
    expect(xml).not.toMatch(/<b>|&amp;|&lt;/);
  });

  it('leaves out RmtInf when the remittance has no usable character', () => {
    const xml = buildSepaCreditTransfer(run([transfer({ remittance: '€€' })]));
    expect(texts(xml, 'RmtInf')).toEqual([]);
  });

  it.each([
    ['an empty run', run([]), /at least one transfer/],
    ['a zero amount', run([transfer({ amountCent: 0 })]), /amountCent must be a positive whole number/],
    [
      'a negative amount',
      run([transfer({ amountCent: -100 })]),
      /amountCent must be a positive whole number/,
    ],
    [
      'a fraction of a cent',
      run([transfer({ amountCent: 1.5 })]),
      /amountCent must be a positive whole number/,
    ],
    ['an EndToEndId over 35', run([transfer({ endToEndId: 'X'.repeat(36) })]), /endToEndId .* 1 to 35/],
    ['a duplicate EndToEndId', run([transfer(), transfer()]), /used twice/],
    ['an invalid IBAN', run([transfer({ creditor: { name: 'A', iban: 'DE00123' } })]), /iban is not a valid/],
    [
      'an invalid BIC',
      run([transfer({ creditor: { name: 'A', iban: CREDITOR_IBAN, bic: 'COBADE' } })]),
      /bic/,
    ],
    // NOTPROVIDED fits the BIC pattern, but it is a placeholder, not a BIC, and must not land in BICFI.
    [
      'NOTPROVIDED as a BIC',
      run([transfer({ creditor: { name: 'A', iban: CREDITOR_IBAN, bic: 'NOTPROVIDED' } })]),
      /NOTPROVIDED/,
    ],
    ['a malformed date', { ...run([transfer()]), executionDate: '2026-02-30' }, /executionDate/],
  ])('refuses %s', (_case, input, message) => {
    expect(() => buildSepaCreditTransfer(input)).toThrow(message);
  });
});
