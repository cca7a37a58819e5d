import { sql } from 'kysely';
import { wireDateTime } from '../../../domain/format.ts';
import { maskIban } from '../../../domain/iban.ts';
import {
  type AuszahlungGutschriftZeile,
  type AuszahlungPraemieZeile,
  type AuszahlungslaufZeile,
  PAYOUT_RUN_STATUSES,
} from '../../../schemas/backofficePayouts.ts';
import { PRAEMIERUNG_STATUSES } from '../../../schemas/praemien.ts';
import type { FieldCipher } from '../../crypto/fieldCipher.ts';
import { decryptProfiIban } from '../../profi/account/profiSellers.ts';
import { defineReport } from '../../reports/ReportDefinition.ts';

const run = (column: string) => sql.ref(`r.${column}`);
const p = (column: string) => sql.ref(`p.${column}`);

/** The mandant's payout runs (every back-office user with `reports`): newest first. */
export const payoutRunReport = defineReport<{ mandantId: string }, AuszahlungslaufZeile>({
  name: 'backoffice.auszahlungslaeufe',
  table: 'payout_run',
  alias: 'r',
  id: run('id'),
  idType: 'uuid',
  mandantColumn: run('mandant_id'),
  scope: () => sql<boolean>`true`,
  scopeKey: () => 'all',
  columns: [
    { name: 'Id', type: 'text', sql: sql`cast(${run('id')} as text)` },
    {
      name: 'Status',
      type: 'enum',
      values: PAYOUT_RUN_STATUSES,
      sql: run('status'),
      sortable: true,
      filterable: true,
    },
    {
      // ISO days sort as text; a text filter finds a month by `2026-11`.
      name: 'Ausfuehrungsdatum',
      type: 'text',
      sql: sql`to_char(${run('execution_date')}, 'YYYY-MM-DD')`,
      sortable: true,
      filterable: true,
    },
    { name: 'SummeCent', type: 'money', sql: run('total_cent'), sortable: true, filterable: true },
    { name: 'Anzahl', type: 'number', sql: run('transfer_count'), sortable: true, filterable: true },
    { name: 'Erstellt', type: 'date', sql: run('created_at'), sortable: true, filterable: true },
    { name: 'ErstelltVon', type: 'text', sql: run('created_by'), filterable: true },
    { name: 'Ausgefuehrt', type: 'date', sql: run('executed_at') },
  ],
  defaultOrder: { OrderBy: 'Erstellt', Descending: true },
  async toRows(_db, rows) {
    return rows.map((row) => payoutRunRow(row));
  },
});

/** A payout_run row (as the report or a query selects it) on the wire. */
export function payoutRunRow(row: Record<string, unknown>): AuszahlungslaufZeile {
  return {
    Id: String(row.Id),
    Status: row.Status === 'executed' ? 'executed' : 'created',
    Ausfuehrungsdatum: String(row.Ausfuehrungsdatum),
    SummeCent: Number(row.SummeCent),
    Anzahl: Number(row.Anzahl),
    Erstellt: wireDateTime(new Date(row.Erstellt as Date | string)),
    ErstelltVon: String(row.ErstelltVon),
    Ausgefuehrt: row.Ausgefuehrt ? wireDateTime(new Date(row.Ausgefuehrt as Date | string)) : null,
  };
}

export interface RunRewardsContext {
  mandantId: string;
  runId: string;
  cipher: FieldCipher;
}

/**
 * The rewards of one run (`reports`): whose reward, the recommendation, holder, the IBAN masked, the
 * amount. The IBANs are decrypted per page only to be masked; the clear IBAN never leaves this function.
 */
export const runRewardsReport = defineReport<RunRewardsContext, AuszahlungPraemieZeile>({
  name: 'backoffice.auszahlungslauf.praemien',
  table: 'praemierung',
  alias: 'p',
  id: p('id'),
  idType: 'uuid',
  mandantColumn: p('mandant_id'),
  scope: (_db, { runId }) => sql<boolean>`${p('payout_run_id')} = ${runId}`,
  scopeKey: ({ runId }) => runId,
  columns: [
    { name: 'Id', type: 'text', sql: sql`cast(${p('id')} as text)` },
    {
      name: 'Empfaenger',
      type: 'enum',
      values: ['recommender', 'recipient'],
      sql: p('beneficiary'),
      sortable: true,
      filterable: true,
    },
    {
      name: 'Empfehlungsnummer',
      type: 'text',
      sql: sql`coalesce((select e.empfehlungsnummer from recommendation e where e.id = ${p('recommendation_id')}), '')`,
      sortable: true,
      filterable: true,
    },
    { name: 'Kontoinhaber', type: 'text' },
    { name: 'IBAN', type: 'text' },
    { name: 'WertCent', type: 'money', sql: p('wert_cent'), sortable: true, filterable: true },
    {
      name: 'Status',
      type: 'enum',
      values: PRAEMIERUNG_STATUSES,
      sql: p('status'),
      sortable: true,
      filterable: true,
    },
    { name: 'AccountId', type: 'text', sql: sql`cast(${p('account_id')} as text)` },
    { name: 'RecipientId', type: 'text', sql: sql`cast(${p('recipient_id')} as text)` },
  ],
  defaultOrder: { OrderBy: 'Empfehlungsnummer', Descending: false },
  async toRows(db, rows, { mandantId, cipher }) {
    if (rows.length === 0) return [];
    const accountIds = rows.map((row) => row.AccountId).filter((id): id is string => typeof id === 'string');
    const recipientIds = rows
      .map((row) => row.RecipientId)
      .filter((id): id is string => typeof id === 'string');
    const accounts = accountIds.length
      ? await db
          .selectFrom('bank_account')
          .select(['account_id as id', 'iban_encrypted', 'kontoinhaber'])
          .where('mandant_id', '=', mandantId)
          .where('account_id', 'in', accountIds)
          .execute()
      : [];
    const recipients = recipientIds.length
      ? await db
          .selectFrom('recipient')
          .select(['id', 'iban_encrypted', 'kontoinhaber'])
          .where('mandant_id', '=', mandantId)
          .where('id', 'in', recipientIds)
          .execute()
      : [];
    const byAccount = new Map(accounts.map((row) => [row.id, row]));
    const byRecipient = new Map(recipients.map((row) => [row.id, row]));
    return rows.map((row) => {
      const recommender = row.Empfaenger === 'recommender';
      const bank = recommender
        ? byAccount.get(String(row.AccountId))
        : byRecipient.get(String(row.RecipientId));
      const encrypted = bank?.iban_encrypted ?? null;
      return {
        Id: String(row.Id),
        Empfaenger: recommender ? 'recommender' : 'recipient',
        Empfehlungsnummer: String(row.Empfehlungsnummer),
        Kontoinhaber: bank?.kontoinhaber ?? null,
        IBAN: encrypted
          ? maskIban(cipher.decrypt(encrypted, `${mandantId}:${recommender ? 'bank_account' : 'recipient'}`))
          : null,
        WertCent: Number(row.WertCent),
        Status: String(row.Status),
      };
    });
  },
});

const n = (column: string) => sql.ref(`n.${column}`);

/**
 * The profi-seller credit notes a run pays (`reports`; issue 16): one SEPA transfer of the gross each.
 * The seller's name is the one printed on the credit note; holder and IBAN are the seller's bank data as
 * the SEPA file reads them (masked; the IBAN null when deleted since the run was made: that transfer is
 * left out of the file, as for a reward). The clear IBAN never leaves this function.
 */
export const runCreditNotesReport = defineReport<RunRewardsContext, AuszahlungGutschriftZeile>({
  name: 'backoffice.auszahlungslauf.gutschriften',
  table: 'profi_credit_note',
  alias: 'n',
  id: n('id'),
  idType: 'uuid',
  mandantColumn: n('mandant_id'),
  scope: (_db, { runId }) => sql<boolean>`${n('payout_run_id')} = ${runId}`,
  scopeKey: ({ runId }) => runId,
  columns: [
    { name: 'Id', type: 'text', sql: sql`cast(${n('id')} as text)` },
    {
      // As printed (domain/profiCreditNote.ts profiCreditNoteNumber); ordered by the running number.
      name: 'Nummer',
      type: 'text',
      sql: sql`'GS-P-' || lpad(cast(${n('nummer')} as text), greatest(6, length(cast(${n('nummer')} as text))), '0')`,
      sortKey: n('nummer'),
      keyType: 'integer',
      sortable: true,
      filterable: true,
    },
    {
      name: 'Profinummer',
      type: 'text',
      sql: sql`coalesce((select s.profinummer from profi_seller s where s.id = ${n('profi_seller_id')}), '')`,
      sortable: true,
      filterable: true,
    },
    {
      name: 'Verkaeufer',
      type: 'text',
      sql: sql`coalesce(${n('parteien')} -> 'Leistender' ->> 'Name', '')`,
      sortable: true,
      filterable: true,
    },
    {
      name: 'Monat',
      type: 'text',
      sql: sql`to_char(${n('monat')}, 'YYYY-MM')`,
      sortable: true,
      filterable: true,
    },
    { name: 'Kontoinhaber', type: 'text' },
    { name: 'IBAN', type: 'text' },
    { name: 'BruttoCent', type: 'money', sql: n('brutto_cent'), sortable: true, filterable: true },
    { name: 'BezahltAm', type: 'date', sql: n('paid_at') },
    { name: 'SellerId', type: 'text', sql: sql`cast(${n('profi_seller_id')} as text)` },
  ],
  defaultOrder: { OrderBy: 'Nummer', Descending: false },
  async toRows(db, rows, { mandantId, cipher }) {
    if (rows.length === 0) return [];
    const sellerIds = [...new Set(rows.map((row) => String(row.SellerId)))];
    const sellers = await db
      .selectFrom('profi_seller')
      .select(['id', 'iban_encrypted', 'kontoinhaber'])
      .where('mandant_id', '=', mandantId)
      .where('id', 'in', sellerIds)
      .execute();
    const bySeller = new Map(sellers.map((row) => [row.id, row]));
    return rows.map((row) => {
      const seller = bySeller.get(String(row.SellerId));
      const iban = decryptProfiIban(cipher, mandantId, seller?.iban_encrypted ?? null);
      return {
        Id: String(row.Id),
        Nummer: String(row.Nummer),
        Profinummer: String(row.Profinummer),
        Verkaeufer: String(row.Verkaeufer),
        Monat: String(row.Monat),
        Kontoinhaber: seller?.kontoinhaber ?? null,
        IBAN: iban === null ? null : maskIban(iban),
        BruttoCent: Number(row.BruttoCent),
        BezahltAm: row.BezahltAm ? wireDateTime(new Date(row.BezahltAm as Date | string)) : null,
      };
    });
  },
});
