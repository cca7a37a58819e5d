import { create } from 'xmlbuilder2';
import { isAcceptableIban, normaliseIban } from '../../domain/iban.ts';

/**
 * The SEPA credit transfer file (ISO 20022 pain.001.001.09, the version German banks take per the DK
 * specification) for one payout run: one PmtInf, batch booked, EUR, charges SLEV.
 *
 * Every input comes from our own code (payout records, the mandant's account), never unchecked from a
 * person, so anything a bank would reject is a programming error and throws instead of being patched up.
 */

export interface SepaParty {
  name: string;
  iban: string;
  bic?: string;
}

export interface SepaTransfer {
  endToEndId: string;
  amountCent: number;
  creditor: SepaParty;
  remittance: string;
}

export interface SepaCreditTransferRun {
  messageId: string;
  createdAt: Date;
  /** YYYY-MM-DD */
  executionDate: string;
  debtor: SepaParty;
  transfers: readonly SepaTransfer[];
}

/** xmlbuilder2 exports no element type from its entry point. */
type XmlElement = ReturnType<typeof create>;

const NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';
/** EPC: names are Max70Text although ISO allows 140. */
const MAX_NAME = 70;
const MAX_REMITTANCE = 140;
const MAX_ID = 35;

const TRANSLITERATION: Readonly<Record<string, string>> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  Ä: 'Ae',
  Ö: 'Oe',
  Ü: 'Ue',
  ß: 'ss',
  ẞ: 'SS',
};
const OUTSIDE_SEPA_CHARSET = /[^a-zA-Z0-9/\-?:().,'+ ]/g;
// EPC: references may use the SEPA characters except that they must not start with '/' nor contain '//'.
const SEPA_ID = /^(?!\/)(?!.*\/\/)[a-zA-Z0-9/\-?:().,'+ ]+$/;
const BIC = /^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function buildSepaCreditTransfer(run: SepaCreditTransferRun): string {
  checkRun(run);
  const numberOfTransfers = String(run.transfers.length);
  const controlSum = formatCents(
    run.transfers.reduce((sum, transfer) => sum + BigInt(transfer.amountCent), 0n),
  );
  const debtorName = sepaText(run.debtor.name, MAX_NAME);

  const document = create({ version: '1.0', encoding: 'UTF-8' }).ele(NAMESPACE, 'Document');
  const initiation = document.ele('CstmrCdtTrfInitn');

  const header = initiation.ele('GrpHdr');
  header.ele('MsgId').txt(run.messageId);
  header.ele('CreDtTm').txt(isoDateTime(run.createdAt));
  header.ele('NbOfTxs').txt(numberOfTransfers);
  header.ele('CtrlSum').txt(controlSum);
  header.ele('InitgPty').ele('Nm').txt(debtorName);

  const payment = initiation.ele('PmtInf');
  // One PmtInf per run, so the message id also identifies the payment information block.
  payment.ele('PmtInfId').txt(run.messageId);
  payment.ele('PmtMtd').txt('TRF');
  payment.ele('BtchBookg').txt('true');
  payment.ele('NbOfTxs').txt(numberOfTransfers);
  payment.ele('CtrlSum').txt(controlSum);
  payment.ele('PmtTpInf').ele('SvcLvl').ele('Cd').txt('SEPA');
  payment.ele('ReqdExctnDt').ele('Dt').txt(run.executionDate);
  payment.ele('Dbtr').ele('Nm').txt(debtorName);
  addAccount(payment.ele('DbtrAcct'), run.debtor.iban);
  addDebtorAgent(payment.ele('DbtrAgt'), run.debtor.bic);
  payment.ele('ChrgBr').txt('SLEV');

  for (const transfer of run.transfers) {
    const transaction = payment.ele('CdtTrfTxInf');
    transaction.ele('PmtId').ele('EndToEndId').txt(transfer.endToEndId);
    transaction
      .ele('Amt')
      .ele('InstdAmt', { Ccy: 'EUR' })
      .txt(formatCents(BigInt(transfer.amountCent)));
    if (transfer.creditor.bic !== undefined) addAgent(transaction.ele('CdtrAgt'), transfer.creditor.bic);
    transaction.ele('Cdtr').ele('Nm').txt(sepaText(transfer.creditor.name, MAX_NAME));
    addAccount(transaction.ele('CdtrAcct'), transfer.creditor.iban);
    const remittance = sepaText(transfer.remittance, MAX_REMITTANCE);
    // Ustrd has a minimum length of 1, so an empty reference is left out rather than sent empty.
    if (remittance !== '') transaction.ele('RmtInf').ele('Ustrd').txt(remittance);
  }

  return document.end({ prettyPrint: true });
}

/**
 * Restricted to the SEPA character set, which every bank in the scheme must accept: German umlauts are
 * spelled out, other accents dropped, anything else becomes a space; then cut to `maxLength`.
 */
function sepaText(text: string, maxLength: number): string {
  const transliterated = text.replace(/[äöüÄÖÜßẞ]/g, (character) => TRANSLITERATION[character] ?? ' ');
  const withoutAccents = transliterated.normalize('NFD').replace(/\p{M}/gu, '');
  return withoutAccents.replace(OUTSIDE_SEPA_CHARSET, ' ').trim().slice(0, maxLength).trimEnd();
}

/** Integer cents as a decimal with exactly two places, computed without floating point. */
function formatCents(cents: bigint): string {
  const euros = cents / 100n;
  const rest = cents % 100n;
  return `${euros}.${String(rest).padStart(2, '0')}`;
}

/** UTC to the second; milliseconds are legal in ISODateTime but some bank portals refuse them. */
function isoDateTime(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

function addAccount(account: XmlElement, iban: string): void {
  account.ele('Id').ele('IBAN').txt(normaliseIban(iban));
}

function addAgent(agent: XmlElement, bic: string | undefined): void {
  agent
    .ele('FinInstnId')
    .ele('BICFI')
    .txt(bic?.trim().toUpperCase() ?? '');
}

/**
 * The debtor's bank: its BIC, or the EPC guideline's `Othr/Id` NOTPROVIDED (an empty FinInstnId passes the
 * ISO schema, but the EPC rulebook for pain.001.001.09 asks for one of the two and strict banks refuse it).
 */
function addDebtorAgent(agent: XmlElement, bic: string | undefined): void {
  const institution = agent.ele('FinInstnId');
  if (bic !== undefined) institution.ele('BICFI').txt(bic.trim().toUpperCase());
  else institution.ele('Othr').ele('Id').txt('NOTPROVIDED');
}

function checkRun(run: SepaCreditTransferRun): void {
  if (run.transfers.length === 0) throw new Error('SEPA credit transfer: a run needs at least one transfer');
  checkId('messageId', run.messageId);
  if (Number.isNaN(run.createdAt.getTime()))
    throw new Error('SEPA credit transfer: createdAt is not a valid date');
  if (!isCalendarDate(run.executionDate)) {
    throw new Error(`SEPA credit transfer: executionDate "${run.executionDate}" is not a date YYYY-MM-DD`);
  }
  checkParty('debtor', run.debtor);
  const endToEndIds = new Set<string>();
  for (const [index, transfer] of run.transfers.entries()) {
    const where = `transfers[${index}]`;
    if (!Number.isSafeInteger(transfer.amountCent) || transfer.amountCent <= 0) {
      throw new Error(
        `SEPA credit transfer: ${where}.amountCent must be a positive whole number of cents, got ${transfer.amountCent}`,
      );
    }
    checkId(`${where}.endToEndId`, transfer.endToEndId);
    // The bank reports returns by EndToEndId; a duplicate would make them impossible to match.
    if (endToEndIds.has(transfer.endToEndId)) {
      throw new Error(`SEPA credit transfer: ${where}.endToEndId "${transfer.endToEndId}" is used twice`);
    }
    endToEndIds.add(transfer.endToEndId);
    checkParty(`${where}.creditor`, transfer.creditor);
  }
}

// Ids are not cut or cleaned like texts: the bank echoes them back and we must find our records by them.
function checkId(field: string, id: string): void {
  if (id.length > MAX_ID || !SEPA_ID.test(id)) {
    throw new Error(
      `SEPA credit transfer: ${field} "${id}" must be 1 to ${MAX_ID} SEPA characters, not starting with '/' nor containing '//'`,
    );
  }
}

function checkParty(field: string, party: SepaParty): void {
  if (sepaText(party.name, MAX_NAME) === '') throw new Error(`SEPA credit transfer: ${field}.name is empty`);
  if (!isAcceptableIban(party.iban))
    throw new Error(`SEPA credit transfer: ${field}.iban is not a valid IBAN`);
  if (party.bic === undefined) return;
  const bic = party.bic.trim().toUpperCase();
  // NOTPROVIDED matches the BIC pattern but is not a BIC; written into BICFI the bank would refuse the file.
  if (bic === 'NOTPROVIDED')
    throw new Error(`SEPA credit transfer: ${field}.bic NOTPROVIDED is not allowed, omit bic`);
  if (!BIC.test(bic)) throw new Error(`SEPA credit transfer: ${field}.bic "${party.bic}" is not a valid BIC`);
}

function isCalendarDate(date: string): boolean {
  if (!ISO_DATE.test(date)) return false;
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
}
