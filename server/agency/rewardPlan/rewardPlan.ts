import { type Kysely, sql } from 'kysely';
import type { PraemienplanEintrag, PraemienplanRequest } from '../../../schemas/agencyAdmin.ts';
import type { DatabaseSchema } from '../../db/DatabaseSchema.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import type { ProductCatalogue } from '../../products/ProductCatalogue.ts';
import { findProduct, productName } from '../../products/productName.ts';

/** The agency a call is about: every query is scoped by both. */
export interface AgencyScope {
  mandantId: string;
  agencyId: string;
}

export interface RewardPlanDeps {
  db: Kysely<DatabaseSchema>;
  catalogue: ProductCatalogue | undefined;
}

function entries(db: Kysely<DatabaseSchema>, scope: AgencyScope) {
  return db
    .selectFrom('agency_reward_plan')
    .select([
      'id',
      'produkt_id',
      'provision_cent',
      // Date columns are read as text: pg and PGlite would make a local-midnight Date of them.
      sql<string>`gueltig_ab::text`.as('gueltig_ab'),
      sql<string | null>`gueltig_bis::text`.as('gueltig_bis'),
    ])
    .where('mandant_id', '=', scope.mandantId)
    .where('agency_id', '=', scope.agencyId);
}

function toEntry(
  catalogue: ProductCatalogue | undefined,
  row: {
    id: string;
    produkt_id: string;
    provision_cent: number;
    gueltig_ab: string;
    gueltig_bis: string | null;
  },
): PraemienplanEintrag {
  return {
    Id: row.id,
    ProduktId: row.produkt_id,
    Produkt: productName(catalogue, row.produkt_id),
    ProvisionCent: row.provision_cent,
    GueltigAb: row.gueltig_ab,
    GueltigBis: row.gueltig_bis,
  };
}

/**
 * The product an id names, as one key: the catalogue's Id when the catalogue knows it (by Id or
 * ExterneId), else the id as stored. Orders name products either way; the plan and the invoice compare keys.
 */
export function productKey(catalogue: ProductCatalogue | undefined, produktId: string): string {
  const product = findProduct(catalogue, produktId);
  return product ? String(product.Id) : produktId;
}

/** The agency's reward plan, by product and start. */
export async function listRewardPlan(
  deps: RewardPlanDeps,
  scope: AgencyScope,
): Promise<PraemienplanEintrag[]> {
  const rows = await entries(deps.db, scope)
    .orderBy('produkt_id')
    .orderBy('gueltig_ab')
    .orderBy('id')
    .execute();
  return rows.map((row) => toEntry(deps.catalogue, row));
}

/**
 * Adds an entry: the product must be in the mandant's catalogue (422 PSOF0640), the period well-formed
 * (422 PSOF0642) and not overlap another entry of the same product (409 PSOF0641: the order date must
 * name one commission). The agency's row is locked while checking, so two calls cannot both slip in.
 */
export async function addRewardPlanEntry(
  deps: RewardPlanDeps,
  scope: AgencyScope,
  request: PraemienplanRequest,
): Promise<PraemienplanEintrag> {
  const product = findProduct(deps.catalogue, String(request.ProduktId));
  if (!product) throw new ApiProblem('PSOF0640', [{ pointer: '/ProduktId', reason: 'not in the catalogue' }]);
  // Stored by the catalogue's Id, whether the call named the Id or the ExterneId.
  const produktId = String(product.Id);
  const bis = request.GueltigBis ?? null;
  if (bis !== null && bis < request.GueltigAb) {
    throw new ApiProblem('PSOF0642', [{ pointer: '/GueltigBis', reason: 'before GueltigAb' }]);
  }
  const row = await deps.db.transaction().execute(async (trx) => {
    await trx
      .selectFrom('agency')
      .select('id')
      .where('mandant_id', '=', scope.mandantId)
      .where('id', '=', scope.agencyId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const sameTime = await trx
      .selectFrom('agency_reward_plan')
      .select('produkt_id')
      .where('mandant_id', '=', scope.mandantId)
      .where('agency_id', '=', scope.agencyId)
      // [ab, bis] meets [GueltigAb, GueltigBis]; a missing end is open.
      .where(sql<boolean>`gueltig_ab <= coalesce(${bis}::date, 'infinity'::date)`)
      .where(sql<boolean>`coalesce(gueltig_bis, 'infinity'::date) >= ${request.GueltigAb}::date`)
      .execute();
    const overlapping = sameTime.some((entry) => productKey(deps.catalogue, entry.produkt_id) === produktId);
    if (overlapping) {
      throw new ApiProblem('PSOF0641', [{ pointer: '/GueltigAb', reason: 'overlaps another entry' }]);
    }
    const inserted = await trx
      .insertInto('agency_reward_plan')
      .values({
        mandant_id: scope.mandantId,
        agency_id: scope.agencyId,
        produkt_id: produktId,
        provision_cent: request.ProvisionCent,
        gueltig_ab: request.GueltigAb,
        gueltig_bis: bis,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return entries(trx, scope).where('id', '=', inserted.id).executeTakeFirstOrThrow();
  });
  return toEntry(deps.catalogue, row);
}

/** Deletes an entry of the agency; another agency's (or none): 404 PSOF0601. */
export async function deleteRewardPlanEntry(
  db: Kysely<DatabaseSchema>,
  scope: AgencyScope,
  id: string,
): Promise<void> {
  const deleted = await db
    .deleteFrom('agency_reward_plan')
    .where('mandant_id', '=', scope.mandantId)
    .where('agency_id', '=', scope.agencyId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (deleted.numDeletedRows === 0n) throw new ApiProblem('PSOF0601');
}
