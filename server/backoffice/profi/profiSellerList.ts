import { sql } from 'kysely';
import { wireDateTime } from '../../../domain/format.ts';
import {
  type BackofficeProfiZeile,
  PROFI_SELLER_STATUSES,
  type ProfiSellerStatus,
} from '../../../schemas/backofficeProfi.ts';
import { PROFI_STEUERSTATUS } from '../../../schemas/profi.ts';
import { defineReport } from '../../reports/ReportDefinition.ts';

/** Whom the programme team looks for, and the agreement version the mandant asks for now. */
export interface ProfiSellerListContext {
  search: string;
  agreementVersion: string;
}

const s = (column: string) => sql.ref(`s.${column}`);

/** A LIKE pattern that finds `text` anywhere, its own `%`, `_` and `\` taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The seller's account (none when it was erased, migration 0023). */
const accountValue = (expression: string) =>
  sql`coalesce((select ${sql.raw(expression)} from account a where a.id = ${s('account_id')} and a.mandant_id = ${s('mandant_id')}), '')`;

const email = accountValue('a.email');
/** The firm for a company, else the person's name (the same rule as the credit note's). */
const name = sql`(case when ${s('art')} = 'firma' and ${s('firma')} <> '' then ${s('firma')} else ${accountValue(
  `a.vorname || ' ' || a.nachname`,
)} end)`;

const commissionSum = (status: string) =>
  sql`(select coalesce(sum(c.basis_cent + c.extra_cent), 0) from profi_commission c
    where c.mandant_id = ${s('mandant_id')} and c.profi_seller_id = ${s('id')} and c.status = ${status})`;

/**
 * PUT backoffice/profis (issue 16, ability profiSellers): the mandant's profi-sellers whose Profinummer,
 * e-mail or name contains the search text, with their commission sums. The mandant condition is the report
 * machinery's (server/reports).
 */
export const profiSellerListReport = defineReport<ProfiSellerListContext, BackofficeProfiZeile>({
  name: 'backoffice.profis',
  table: 'profi_seller',
  alias: 's',
  id: s('id'),
  idType: 'uuid',
  mandantColumn: s('mandant_id'),
  scope: (_db, { search }) => {
    if (search === '') return sql<boolean>`true`;
    const pattern = containing(search);
    return sql<boolean>`(${s('profinummer')} ilike ${pattern} or ${email} ilike ${pattern}
      or ${name} ilike ${pattern} or ${s('firma')} ilike ${pattern})`;
  },
  scopeKey: ({ search }) => `search:${search}`,
  columns: [
    { name: 'Id', type: 'text', sql: sql`cast(${s('id')} as text)` },
    { name: 'Profinummer', type: 'text', sql: s('profinummer'), sortable: true, filterable: true },
    { name: 'Name', type: 'text', sql: name, sortable: true, filterable: true },
    { name: 'Email', type: 'text', sql: email, sortable: true, filterable: true },
    {
      name: 'Steuerstatus',
      type: 'enum',
      values: ['kleinunternehmer', 'regelbesteuert'],
      sql: s('steuerstatus'),
    },
    { name: 'Bankdaten', type: 'text', sql: sql`(${s('iban_encrypted')} is not null)` },
    { name: 'Vereinbarung', type: 'text', sql: sql`${s('vereinbarung_at')}` },
    { name: 'VereinbarungVersion', type: 'text', sql: s('vereinbarung_version') },
    { name: 'OffenCent', type: 'money', sql: commissionSum('pending') },
    { name: 'FreigegebenCent', type: 'money', sql: commissionSum('approved') },
    { name: 'AusgezahltCent', type: 'money', sql: commissionSum('paid') },
    {
      name: 'Status',
      type: 'enum',
      values: PROFI_SELLER_STATUSES,
      sql: s('status'),
      sortable: true,
      filterable: true,
    },
    { name: 'RegistriertAm', type: 'date', sql: s('created_at'), sortable: true, filterable: true },
  ],
  defaultOrder: { OrderBy: 'Profinummer', Descending: false },
  async toRows(_db, rows, { agreementVersion }) {
    return rows.map((row) => ({
      Id: String(row.Id),
      Profinummer: String(row.Profinummer),
      Name: String(row.Name ?? '').trim(),
      Email: String(row.Email ?? ''),
      Steuerstatus: row.Steuerstatus === 'kleinunternehmer' ? PROFI_STEUERSTATUS[0] : PROFI_STEUERSTATUS[1],
      Bankdaten: row.Bankdaten === true || row.Bankdaten === 't',
      Vereinbarung: row.Vereinbarung !== null && row.VereinbarungVersion === agreementVersion,
      OffenCent: Number(row.OffenCent),
      FreigegebenCent: Number(row.FreigegebenCent),
      AusgezahltCent: Number(row.AusgezahltCent),
      Status: row.Status as ProfiSellerStatus,
      RegistriertAm: wireDateTime(new Date(row.RegistriertAm as Date | string)),
    }));
  },
});
