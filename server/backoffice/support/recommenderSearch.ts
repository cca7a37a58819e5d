import { sql } from 'kysely';
import { wireDateTime } from '../../../domain/format.ts';
import { ACCOUNT_STATUSES, type SupportEmpfehlerZeile } from '../../../schemas/backofficeSupport.ts';
import { defineReport } from '../../reports/ReportDefinition.ts';

/** Whom support looks for: one text (trimmed; empty lists every recommender of the mandant). */
export interface RecommenderSearchContext {
  search: string;
}

const a = (column: string) => sql.ref(`a.${column}`);

/** A LIKE pattern that finds `text` anywhere, its own `%`, `_` and `\` taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * PUT backoffice/support/empfehler (issue 15, support): the mandant's recommenders (`account`) whose e-mail
 * or name contains the search text, or whose Empfehlerhash, one of whose recommendation numbers or codes (stored upper-case) or one of
 * whose customer numbers (on their rewards) is exactly the text. Newest first. The mandant condition is
 * the report machinery's (server/reports).
 */
export const recommenderSearchReport = defineReport<RecommenderSearchContext, SupportEmpfehlerZeile>({
  name: 'backoffice.support.empfehler',
  table: 'account',
  alias: 'a',
  id: a('id'),
  idType: 'uuid',
  mandantColumn: a('mandant_id'),
  scope: (_db, { search }) => {
    if (search === '') return sql<boolean>`true`;
    const pattern = containing(search);
    return sql<boolean>`(
      ${a('email')} ilike ${pattern}
      or (${a('vorname')} || ' ' || ${a('nachname')}) ilike ${pattern}
      or ${a('empfehler_hash')} = ${search}
      or exists (select 1 from recommendation r where r.mandant_id = ${a('mandant_id')}
        and r.account_id = ${a('id')}
        and (upper(r.empfehlungsnummer) = upper(${search}) or r.code = upper(${search})))
      or exists (select 1 from praemierung p where p.mandant_id = ${a('mandant_id')}
        and p.account_id = ${a('id')} and p.kundennummer = ${search})
    )`;
  },
  scopeKey: ({ search }) => `search:${search}`,
  columns: [
    { name: 'Id', type: 'text', sql: sql`cast(${a('id')} as text)` },
    { name: 'Email', type: 'text', sql: a('email'), sortable: true, filterable: true },
    { name: 'Vorname', type: 'text', sql: a('vorname'), sortable: true, filterable: true },
    { name: 'Nachname', type: 'text', sql: a('nachname'), sortable: true, filterable: true },
    { name: 'Empfehlerhash', type: 'text', sql: a('empfehler_hash') },
    {
      name: 'Status',
      type: 'enum',
      values: ACCOUNT_STATUSES,
      sql: a('status'),
      sortable: true,
      filterable: true,
    },
    { name: 'RegistriertAm', type: 'date', sql: a('created_at'), sortable: true, filterable: true },
  ],
  defaultOrder: { OrderBy: 'RegistriertAm', Descending: true },
  async toRows(_db, rows) {
    return rows.map((row) => ({
      Id: String(row.Id),
      Email: String(row.Email),
      Vorname: String(row.Vorname),
      Nachname: String(row.Nachname),
      Empfehlerhash: String(row.Empfehlerhash),
      Status: String(row.Status),
      RegistriertAm: wireDateTime(new Date(row.RegistriertAm as Date | string)),
    }));
  },
});
