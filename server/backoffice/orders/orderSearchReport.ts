import { type Expression, type SqlBool, sql } from 'kysely';
import { wireDateTime } from '../../../domain/format.ts';
import {
  ORDER_STATES,
  type OrderSearchRow,
  type OrderState,
  REVIEW_STATES,
  type ReviewState,
} from '../../../schemas/backofficeOrders.ts';
import { type EmpfehlungStatus, RECOMMENDATION_STATUSES } from '../../../schemas/personalArea.ts';
import { normalizeEmail } from '../../auth/normalizeEmail.ts';
import type { Db } from '../../recommender/ownership.ts';
import { defineReport } from '../../reports/ReportDefinition.ts';

/** Whose rows the search shows: the mandant's, narrowed by the search term. */
export interface OrderSearchContext {
  mandantId: string;
  /** Trimmed; null or empty: no narrowing. */
  search: string | null;
  productName: (produktId: string) => string | null;
}

const r = (column: string) => sql.ref(`r.${column}`);

/**
 * The order a recommendation shows in the list: its live order, else its newest (a recommendation has at
 * most one live order: applyIntegrationEvent refuses a second, PSOF0510).
 */
const currentOrder = (column: string) =>
  sql`(select ${sql.ref(`co.${column}`)} from customer_order co where co.mandant_id = ${r('mandant_id')} and co.recommendation_id = ${r('id')} order by (co.cancelled_at is null) desc, co.created_at desc limit 1)`;

/** The state of the current order, as one text the list can filter (schemas/backofficeOrders ORDER_STATES). */
const orderState = sql`coalesce((select case when not co.attributed then 'andererKanal' when co.cancelled_at is not null then 'storniert' when co.concluded_at is not null then 'bestaetigt' else 'wartet' end from customer_order co where co.mandant_id = ${r('mandant_id')} and co.recommendation_id = ${r('id')} order by (co.cancelled_at is null) desc, co.created_at desc limit 1), 'keiner')`;

/**
 * The search as an exact match on what an operator has at hand (issue 15): the Empfehlungsnummer, the
 * recommendation code (stored upper-case), the client's Auftragsnummer, or an e-mail address. E-mail
 * addresses are stored in clear and normalised (server/auth/normalizeEmail: NFC, trimmed, lower-case;
 * check constraints on account, recommendation and recipient), so the term is normalised the same way and
 * compared with `=` on indexed columns: the recommender's (recommendation.empfehler_email, or the account's
 * e-mail for recommendations made while logged in) and the recipient's (recipient.email). Only IBANs and
 * clients are fingerprinted, never e-mails.
 */
export function searchCondition(db: Db, mandantId: string, search: string): Expression<SqlBool> {
  const email = normalizeEmail(search);
  return sql<SqlBool>`(
    ${r('empfehlungsnummer')} = ${search}
    or ${r('code')} = ${search.toUpperCase()}
    or ${r('empfehler_email')} = ${email}
    or ${r('account_id')} in (${db.selectFrom('account').select('id').where('mandant_id', '=', mandantId).where('email', '=', email)})
    or ${r('id')} in (${db.selectFrom('recipient').select('recommendation_id').where('mandant_id', '=', mandantId).where('email', '=', email)})
    or ${r('id')} in (${db.selectFrom('customer_order').select('recommendation_id').where('mandant_id', '=', mandantId).where('external_order_id', '=', search)})
  )`;
}

/**
 * PUT backoffice/auftraege/: the mandant's recommendations with their current order, newest first, narrowed
 * by the search (searchCondition). One row per recommendation, so a recommendation without an order (the
 * friend has not ordered yet) is found too.
 */
export const orderSearchReport = defineReport<OrderSearchContext, OrderSearchRow>({
  name: 'backoffice.auftraege',
  table: 'recommendation',
  alias: 'r',
  id: r('id'),
  idType: 'uuid',
  mandantColumn: r('mandant_id'),
  scope: (db, { mandantId, search }) =>
    search
      ? sql<SqlBool>`${r('erased_at')} is null and ${searchCondition(db, mandantId, search)}`
      : sql<SqlBool>`${r('erased_at')} is null`,
  scopeKey: ({ search }) => search ?? '',
  columns: [
    {
      name: 'Empfehlungsnummer',
      type: 'text',
      sql: r('empfehlungsnummer'),
      sortable: true,
      filterable: true,
    },
    { name: 'Code', type: 'text', sql: r('code') },
    { name: 'Erstellt', type: 'date', sql: r('created_at'), sortable: true, filterable: true },
    {
      name: 'Status',
      type: 'enum',
      values: RECOMMENDATION_STATUSES,
      sql: r('status'),
      sortable: true,
      filterable: true,
    },
    { name: 'Produkt', type: 'text', sql: r('produkt_id') },
    {
      name: 'Empfehler',
      type: 'text',
      sql: sql`coalesce((select a.email from account a where a.id = ${r('account_id')}), ${r('empfehler_email')})`,
    },
    {
      name: 'Empfaenger',
      type: 'text',
      sql: sql`(select rc.email from recipient rc where rc.recommendation_id = ${r('id')} and rc.erased_at is null order by (rc.confirmed_at is null), rc.created_at desc limit 1)`,
    },
    { name: 'Auftragsnummer', type: 'text', sql: currentOrder('external_order_id') },
    { name: 'Auftragsstatus', type: 'enum', values: ORDER_STATES, sql: orderState, filterable: true },
    {
      name: 'Pruefung',
      type: 'enum',
      values: REVIEW_STATES,
      sql: sql`coalesce(${currentOrder('review')}, 'none')`,
      filterable: true,
    },
  ],
  defaultOrder: { OrderBy: 'Erstellt', Descending: true },
  async toRows(_db, rows, context) {
    return rows.map((row) => ({
      Empfehlungsnummer: String(row.Empfehlungsnummer),
      Code: (row.Code as string | null) ?? null,
      Erstellt: wireDateTime(new Date(row.Erstellt as Date | string)),
      Status: row.Status as EmpfehlungStatus,
      Produkt: context.productName(String(row.Produkt)) ?? String(row.Produkt),
      Empfehler: (row.Empfehler as string | null) ?? null,
      Empfaenger: (row.Empfaenger as string | null) ?? null,
      Auftragsnummer: (row.Auftragsnummer as string | null) ?? null,
      Auftragsstatus: row.Auftragsstatus as OrderState,
      Pruefung: row.Pruefung as ReviewState,
    }));
  },
});
