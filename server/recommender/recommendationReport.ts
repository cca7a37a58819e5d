import { sql } from 'kysely';
import { wireDateTime } from '../../domain/format.ts';
import { type EmpfehlungStatus, RECOMMENDATION_STATUSES } from '../../schemas/personalArea.ts';
import type { ProductCatalogue } from '../products/ProductCatalogue.ts';
import { productName } from '../products/productName.ts';
import { defineReport } from '../reports/ReportDefinition.ts';
import { type Owner, ownedRecommendationIds } from './ownership.ts';
import { firstRecipientNames } from './recommendations.ts';

/** One row of the recommender's recommendations report (the dashboard's list, as a paged table). */
export interface EmpfehlungReportZeile {
  Empfehlungsnummer: string;
  /** When it was made (wire date-time, Berlin). */
  Datum: string;
  Status: EmpfehlungStatus;
  /** The product's name as the recommender knows it; null when the catalogue no longer has it. */
  Produkt: string | null;
  Channel: string | null;
  /** The recipient, masked ('M*** M***'). */
  Empfaenger: string | null;
  /** The reward earned with it, in cents, if any. */
  PraemieCent: number | null;
}

export interface RecommendationReportContext {
  owner: Owner;
  /** The mandant's product names (the catalogue is in memory, not in the database). */
  productName: (produktId: string) => string | null;
}

const r = (column: string) => sql.ref(`r.${column}`);

/**
 * The recommender's own recommendations (GET /empfehler/empfehlungen/ as a report): those of the account
 * and those made with its e-mail before it existed (ownership.ts), erased ones left out. Product name,
 * recipient and reward are looked up per page (as listRecommendations does), so they show but neither sort
 * nor filter.
 */
export const recommendationReport = defineReport<RecommendationReportContext, EmpfehlungReportZeile>({
  name: 'empfehler.empfehlungen',
  table: 'recommendation',
  alias: 'r',
  id: r('id'),
  idType: 'uuid',
  mandantColumn: r('mandant_id'),
  scope: (db, { owner }) =>
    sql`${r('id')} in (${ownedRecommendationIds(db, owner)}) and ${r('erased_at')} is null`,
  scopeKey: ({ owner }) => owner.accountId,
  columns: [
    {
      name: 'Empfehlungsnummer',
      type: 'text',
      sql: r('empfehlungsnummer'),
      sortable: true,
      filterable: true,
    },
    { name: 'Datum', type: 'date', sql: r('created_at'), sortable: true, filterable: true },
    {
      name: 'Status',
      type: 'enum',
      values: RECOMMENDATION_STATUSES,
      sql: r('status'),
      sortable: true,
      filterable: true,
    },
    // The product's id in SQL; toRows turns it into the name.
    { name: 'Produkt', type: 'text', sql: r('produkt_id') },
    {
      name: 'Channel',
      type: 'text',
      sql: r('channel'),
      sortKey: sql`coalesce(${r('channel')}, '')`,
      sortable: true,
      filterable: true,
    },
    { name: 'Empfaenger', type: 'text' },
    { name: 'PraemieCent', type: 'money' },
  ],
  defaultOrder: { OrderBy: 'Datum', Descending: true },
  async toRows(db, rows, { owner, productName }) {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.__id);
    const recipientOf = await firstRecipientNames(db, owner.mandantId, ids);
    const rewards = await db
      .selectFrom('praemierung')
      .select(['recommendation_id', 'wert_cent'])
      .where('mandant_id', '=', owner.mandantId)
      .where('recommendation_id', 'in', ids)
      .where('beneficiary', '=', 'recommender')
      .orderBy('created_at')
      .execute();
    // The newest reward of a recommendation is the one that counts (ordered by created_at, last wins).
    const rewardOf = new Map(rewards.map((reward) => [reward.recommendation_id, reward.wert_cent]));
    return rows.map((row) => ({
      Empfehlungsnummer: String(row.Empfehlungsnummer),
      Datum: wireDateTime(new Date(row.Datum as Date | string)),
      Status: row.Status as EmpfehlungStatus,
      Produkt: productName(String(row.Produkt)),
      Channel: (row.Channel as string | null) ?? null,
      Empfaenger: recipientOf.get(row.__id) ?? null,
      PraemieCent: rewardOf.get(row.__id) ?? null,
    }));
  },
});

/** The product names of a mandant's catalogue for the report's rows (products/productName.ts). */
export function productNameIn(catalogue: ProductCatalogue | undefined): (produktId: string) => string | null {
  return (produktId) => productName(catalogue, produktId);
}
