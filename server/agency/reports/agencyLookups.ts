import { sql } from 'kysely';
import type { Db } from '../../recommender/ownership.ts';

/** What an agency's report row shows of a recommendation: its number, product, recommender and employee. */
export interface RecommendationFacts {
  empfehlungsnummer: string;
  produktId: string;
  /** The recommender's name (their account's, else the one given with a guest recommendation). */
  empfehler: string | null;
  /** The employee who brought the recommender. */
  mitarbeiter: string | null;
}

/**
 * The facts of a page's recommendations in one query, scoped by mandant and agency (a row of another
 * agency never lends its names).
 */
export async function recommendationFacts(
  db: Db,
  mandantId: string,
  agencyId: string,
  recommendationIds: readonly unknown[],
): Promise<Map<string, RecommendationFacts>> {
  const ids = [...new Set(recommendationIds.map(String))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('recommendation as r')
    .leftJoin('account as a', (join) =>
      join.onRef('a.id', '=', 'r.account_id').onRef('a.mandant_id', '=', 'r.mandant_id'),
    )
    .leftJoin('agency_user as u', (join) =>
      join.onRef('u.id', '=', 'r.agency_user_id').onRef('u.mandant_id', '=', 'r.mandant_id'),
    )
    .select([
      'r.id',
      'r.empfehlungsnummer',
      'r.produkt_id',
      'u.name as mitarbeiter',
      sql<string>`trim(concat_ws(' ', coalesce(a.vorname, r.empfehler_vorname), coalesce(a.nachname, r.empfehler_nachname)))`.as(
        'empfehler',
      ),
    ])
    .where('r.mandant_id', '=', mandantId)
    .where('r.agency_id', '=', agencyId)
    .where('r.id', 'in', ids)
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        empfehlungsnummer: row.empfehlungsnummer,
        produktId: row.produkt_id,
        empfehler: row.empfehler === '' ? null : row.empfehler,
        mitarbeiter: row.mitarbeiter ?? null,
      },
    ]),
  );
}

/** The names of a page's employees, scoped by mandant and agency. */
export async function staffNames(
  db: Db,
  mandantId: string,
  agencyId: string,
  userIds: readonly unknown[],
): Promise<Map<string, string>> {
  const ids = [...new Set(userIds.filter((id) => id !== null && id !== undefined).map(String))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('agency_user')
    .select(['id', 'name'])
    .where('mandant_id', '=', mandantId)
    .where('agency_id', '=', agencyId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** `r.agency_id = X` within the mandant: the recommendations a lead or reward report belongs to. */
export function agencyRecommendationIds(db: Db, mandantId: string, agencyId: string) {
  return db
    .selectFrom('recommendation')
    .select('id')
    .where('mandant_id', '=', mandantId)
    .where('agency_id', '=', agencyId);
}
