import type { Kysely } from 'kysely';
import { wireDateTime } from '../../domain/format.ts';
import { type EmpfehlungEintrag, maskName, type VerlaufEintrag } from '../../schemas/personalArea.ts';
import type { Produkt } from '../../schemas/products.ts';
import type { DatabaseSchema } from '../db/DatabaseSchema.ts';
import { nextStep } from '../lifecycle/nextStep.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import type { ProductCatalogue } from '../products/ProductCatalogue.ts';
import { findProduct, productName } from '../products/productName.ts';
import { before, type KeysetPosition, microsOf } from '../reports/keysetCursor.ts';
import { findEntry } from '../rewards/rewardCatalogue.ts';
import { type Owner, ownedRecommendationIds } from './ownership.ts';

/** The database and each mandant's product catalogue (for product names and categories). */
export interface RecommenderListDeps {
  db: Kysely<DatabaseSchema>;
  catalogues: ReadonlyMap<string, ProductCatalogue>;
}

/**
 * The masked name (SPEC: first name and initial) of each recommendation's first recipient who is not erased,
 * by recommendation id: what the recommender's list and report show.
 */
export async function firstRecipientNames(
  db: Kysely<DatabaseSchema>,
  mandantId: string,
  recommendationIds: readonly string[],
): Promise<Map<string, string | null>> {
  const recipients = await db
    .selectFrom('recipient')
    .select(['recommendation_id', 'vorname', 'nachname'])
    .where('mandant_id', '=', mandantId)
    .where('recommendation_id', 'in', [...recommendationIds])
    .where('erased_at', 'is', null)
    .orderBy('created_at')
    .execute();
  const names = new Map<string, string | null>();
  for (const recipient of recipients) {
    if (!names.get(recipient.recommendation_id)) {
      names.set(recipient.recommendation_id, maskName(recipient.vorname, recipient.nachname));
    }
  }
  return names;
}

/** One page of the dashboard's list and the cursor of the next (null on the last page). */
export interface RecommendationPage {
  entries: EmpfehlungEintrag[];
  next: KeysetPosition | null;
}

/**
 * One page of the owner's recommendations for the personal area, newest first (keyset by
 * `(created_at, id)`, server/reports/keysetCursor.ts): status, product, date, the recipient masked, and the
 * reward earned with each. Erased recommendations are left out.
 *
 * The owner's rows are two index-ordered branches (ownership.ts: by account, and by e-mail before the
 * account existed), each read newest first from its own index up to `pageSize + 1` rows after the cursor,
 * merged and cut: a page costs the same on page 1 and on page 5,000, and no id list of the owner's whole
 * history ever reaches the database — the per-page lookups name at most `pageSize + 1` ids.
 */
export async function listRecommendations(
  deps: RecommenderListDeps,
  mandant: LoadedMandant,
  owner: Owner,
  page: { pageSize: number; after: KeysetPosition | null },
): Promise<RecommendationPage> {
  const db = deps.db;
  const branch = (own: 'account' | 'email') => {
    let query = db
      .selectFrom('recommendation')
      .select(['id', 'empfehlungsnummer', 'status', 'produkt_id', 'channel', 'created_at', 'link_expires_at'])
      .select(microsOf('created_at').as('micros'))
      .where('mandant_id', '=', owner.mandantId)
      .where('erased_at', 'is', null);
    query =
      own === 'account'
        ? query.where('account_id', '=', owner.accountId)
        : query.where('account_id', 'is', null).where('empfehler_email', '=', owner.email);
    if (page.after) query = query.where(before('created_at', 'id', page.after));
    return query
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.pageSize + 1);
  };
  const merged = await db
    .selectFrom(
      db
        .selectFrom(branch('account').as('by_account'))
        .selectAll()
        // Each branch in its own subquery: its ORDER BY and LIMIT stay its own.
        .unionAll(db.selectFrom(branch('email').as('by_email')).selectAll())
        .as('owned'),
    )
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.pageSize + 1)
    .execute();
  const rows = merged.slice(0, page.pageSize);
  const last = rows.at(-1);
  const next = merged.length > page.pageSize && last ? { micros: last.micros, id: last.id } : null;
  return { entries: await describeRecommendations(deps, mandant, owner, rows), next };
}

async function describeRecommendations(
  deps: RecommenderListDeps,
  mandant: LoadedMandant,
  owner: Owner,
  rows: readonly {
    id: string;
    empfehlungsnummer: string;
    status: EmpfehlungEintrag['Status'];
    produkt_id: string;
    channel: string | null;
    created_at: Date;
    link_expires_at: Date;
  }[],
): Promise<EmpfehlungEintrag[]> {
  const db = deps.db;
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const firstRecipient = await firstRecipientNames(db, owner.mandantId, ids);
  const rewards = await db
    .selectFrom('praemierung')
    .select(['id', 'recommendation_id', 'status', 'wert_cent', 'praemie_id', 'chosen_at', 'choose_until'])
    .where('mandant_id', '=', owner.mandantId)
    .where('recommendation_id', 'in', ids)
    .where('beneficiary', '=', 'recommender')
    .orderBy('created_at')
    .execute();
  const events = await db
    .selectFrom('lifecycle_event')
    .select(['recommendation_id', 'praemierung_id', 'to_status', 'reason', 'occurred_at'])
    .where('mandant_id', '=', owner.mandantId)
    .where('recommendation_id', 'in', ids)
    // The recipient's part of a split reward is the recipient's business, not the recommender's.
    .where((eb) =>
      eb.or([
        eb('praemierung_id', 'is', null),
        eb('praemierung_id', 'in', (sub) =>
          sub
            .selectFrom('praemierung')
            .select('id')
            .where('mandant_id', '=', owner.mandantId)
            .where('beneficiary', '=', 'recommender'),
        ),
      ]),
    )
    .orderBy('id')
    .execute();
  const orders = await db
    .selectFrom('customer_order')
    .select(['recommendation_id', 'concluded_at', 'release_due_at', 'review', 'cancelled_at'])
    .where('mandant_id', '=', owner.mandantId)
    .where('recommendation_id', 'in', ids)
    .orderBy('created_at')
    .execute();
  const orderOf = new Map(orders.map((order) => [order.recommendation_id, order]));
  const timelineOf = new Map<string, VerlaufEintrag[]>();
  for (const event of events) {
    const timeline = timelineOf.get(event.recommendation_id) ?? [];
    timeline.push({
      Art: event.praemierung_id ? 'Praemie' : 'Empfehlung',
      Status: event.to_status,
      Grund: event.reason,
      Zeit: wireDateTime(event.occurred_at),
    });
    timelineOf.set(event.recommendation_id, timeline);
  }
  // The newest reward of a recommendation is the one that counts (orderBy created_at, last wins).
  const rewardOf = new Map(rewards.map((reward) => [reward.recommendation_id, reward]));
  return rows.map((row) => {
    const reward = rewardOf.get(row.id);
    const order = orderOf.get(row.id);
    const next = nextStep({
      status: row.status,
      linkExpiresAt: new Date(row.link_expires_at),
      order: order
        ? {
            concludedAt: order.concluded_at && new Date(order.concluded_at),
            releaseDueAt: order.release_due_at && new Date(order.release_due_at),
            review: order.review,
          }
        : null,
      reward: reward
        ? {
            status: reward.status,
            art: (reward.praemie_id && findEntry(mandant, reward.praemie_id)?.Art) || null,
            chosenAt: reward.chosen_at && new Date(reward.chosen_at),
            chooseUntil: reward.choose_until && new Date(reward.choose_until),
          }
        : null,
    });
    return {
      Empfehlungsnummer: row.empfehlungsnummer,
      Status: row.status,
      Produkt: { Id: row.produkt_id, Name: productName(deps.catalogues.get(mandant.id), row.produkt_id) },
      Datum: wireDateTime(row.created_at),
      Channel: row.channel,
      Empfaenger: firstRecipient.get(row.id) ?? null,
      Praemierung: reward
        ? { Id: reward.id, Status: reward.status, WertCent: reward.wert_cent, PraemieId: reward.praemie_id }
        : null,
      Verlauf: timelineOf.get(row.id) ?? [],
      Naechster: next && { Schritt: next.code, Datum: next.date && wireDateTime(next.date) },
    };
  });
}

/**
 * Banner BannerTEZuTP ("upgrade internet to internet + TV"): shown when the owner has a live
 * recommendation (not Storniert or Abgelaufen) of a fixed-line internet product (Kategorie DP) and the
 * mandant's catalogue offers internet + TV (Kategorie TP) — recommending TP as well earns more.
 * Mandants without a fixed-line catalogue never show it.
 */
export async function showsBannerTeZuTp(
  deps: RecommenderListDeps,
  mandant: LoadedMandant,
  owner: Owner,
): Promise<boolean> {
  const catalogue = deps.catalogues.get(mandant.id);
  if (!catalogue?.listed().some((product) => categoryCodeOf(product) === 'TP')) return false;
  const db = deps.db;
  const rows = await db
    .selectFrom('recommendation')
    .select('produkt_id')
    .distinct()
    .where('mandant_id', '=', owner.mandantId)
    .where('id', 'in', ownedRecommendationIds(db, owner))
    .where('erased_at', 'is', null)
    .where('status', 'not in', ['Storniert', 'Abgelaufen'])
    .execute();
  return rows.some(
    (row) => categoryCodeOf(findProduct(deps.catalogues.get(mandant.id), row.produkt_id)) === 'DP',
  );
}

function categoryCodeOf(product: Produkt | undefined): 'DP' | 'TP' | undefined {
  return product && 'Kategorie' in product ? product.Kategorie : undefined;
}
