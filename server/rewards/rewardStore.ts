import { type Selectable, sql } from 'kysely';
import type { PraemienEmpfaenger, PraemierungStatus } from '../../schemas/praemien.ts';
import type { PraemierungTable } from '../db/DatabaseSchema.ts';
import { type Db, type Owner, ownedRecommendationIds } from '../recommender/ownership.ts';
import { before, type KeysetPosition, microsOf } from '../reports/keysetCursor.ts';

/** A reward (praemierung) with the number of the recommendation it was earned with. */
export interface RewardRecord {
  id: string;
  mandantId: string;
  recommendationId: string | null;
  empfehlungsnummer: string | null;
  accountId: string | null;
  status: PraemierungStatus;
  wertCent: number;
  praemieId: string | null;
  chosenAt: Date | null;
  empfaenger: PraemienEmpfaenger | null;
  kundennummer: string | null;
  tokenExpiresAt: Date | null;
  collectedAt: Date | null;
  createdAt: Date;
}

/** A choice to store: the catalogue entry and the receipt form. The status is the lifecycle's (issue 13). */
export interface StoredChoice extends PraemienEmpfaenger {
  praemieId: string;
}

function selectRecords(db: Db, mandantId: string) {
  return db
    .selectFrom('praemierung')
    .leftJoin('recommendation', 'recommendation.id', 'praemierung.recommendation_id')
    .selectAll('praemierung')
    .select('recommendation.empfehlungsnummer')
    .where('praemierung.mandant_id', '=', mandantId);
}

/**
 * The owner's rewards: those of their account, and those of their recommendations that no account
 * holds yet (made with their e-mail before they logged in).
 */
function ownedBy(db: Db, owner: Owner) {
  // The recipient's part of a split reward belongs to the recipient, not to the recommender (issue 13).
  return selectRecords(db, owner.mandantId)
    .where('praemierung.beneficiary', '=', 'recommender')
    .where((eb) =>
      eb.or([
        eb('praemierung.account_id', '=', owner.accountId),
        eb.and([
          eb('praemierung.account_id', 'is', null),
          eb('praemierung.recommendation_id', 'in', ownedRecommendationIds(db, owner)),
        ]),
      ]),
    );
}

export async function listOwned(db: Db, owner: Owner): Promise<RewardRecord[]> {
  const rows = await ownedBy(db, owner).orderBy('praemierung.created_at', 'desc').execute();
  return rows.map(toRecord);
}

/**
 * One page of the owner's rewards, newest first, keyset by `(created_at, id)` (server/reports/keysetCursor.ts).
 * Two branches, each cut at `pageSize + 1` rows after the cursor before they are merged: the account's
 * rewards (read in order from the index of migration 0020) and those without an account whose
 * recommendation is the owner's (a join over the mandant's rewards without an account, partial index of
 * 0020; never a list of ids); the recommendation's number is joined to the page's rows only.
 */
export async function listOwnedPage(
  db: Db,
  owner: Owner,
  page: { pageSize: number; after: KeysetPosition | null; id?: string },
): Promise<{ records: RewardRecord[]; next: KeysetPosition | null }> {
  const branch = (own: 'account' | 'recommendation') => {
    let query = db
      .selectFrom('praemierung')
      .select(['praemierung.id', 'praemierung.created_at'])
      .where('praemierung.mandant_id', '=', owner.mandantId)
      .where('praemierung.beneficiary', '=', 'recommender');
    query =
      own === 'account'
        ? query.where('praemierung.account_id', '=', owner.accountId)
        : query
            .innerJoin('recommendation as r', 'r.id', 'praemierung.recommendation_id')
            .where('praemierung.account_id', 'is', null)
            .where('r.mandant_id', '=', owner.mandantId)
            .where((eb) =>
              eb.or([
                eb('r.account_id', '=', owner.accountId),
                eb.and([eb('r.account_id', 'is', null), eb('r.empfehler_email', '=', owner.email)]),
              ]),
            );
    if (page.id) query = query.where('praemierung.id', '=', page.id);
    if (page.after) query = query.where(before('praemierung.created_at', 'praemierung.id', page.after));
    return query
      .orderBy('praemierung.created_at', 'desc')
      .orderBy('praemierung.id', 'desc')
      .limit(page.pageSize + 1);
  };
  const rows = await selectRecords(db, owner.mandantId)
    .innerJoin(
      db
        .selectFrom(branch('account').as('by_account'))
        .selectAll()
        // Each branch in its own subquery: its ORDER BY and LIMIT stay its own.
        .unionAll(db.selectFrom(branch('recommendation').as('by_recommendation')).selectAll())
        .as('owned'),
      'owned.id',
      'praemierung.id',
    )
    .select(microsOf('praemierung.created_at').as('micros'))
    .orderBy('praemierung.created_at', 'desc')
    .orderBy('praemierung.id', 'desc')
    .limit(page.pageSize + 1)
    .execute();
  const records = rows.slice(0, page.pageSize);
  const last = records.at(-1);
  return {
    records: records.map(toRecord),
    next: rows.length > page.pageSize && last ? { micros: last.micros, id: last.id } : null,
  };
}

/** The reward with this id if the owner holds it; undefined for unknown and for other people's ids alike. */
export async function findOwned(db: Db, owner: Owner, id: string): Promise<RewardRecord | undefined> {
  const row = await ownedBy(db, owner).where('praemierung.id', '=', id).executeTakeFirst();
  return row && toRecord(row);
}

/** A reward by id within the mandant — only after the caller was authorised for it. */
export async function findById(db: Db, mandantId: string, id: string): Promise<RewardRecord | undefined> {
  const row = await selectRecords(db, mandantId).where('praemierung.id', '=', id).executeTakeFirst();
  return row && toRecord(row);
}

export async function findByTokenHash(
  db: Db,
  mandantId: string,
  tokenHash: string,
): Promise<RewardRecord | undefined> {
  const row = await selectRecords(db, mandantId)
    .where('praemierung.token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row && toRecord(row);
}

/**
 * Stores a choice in one conditional update: only while the reward is Offen or Bereitgestellt and not yet
 * in a payout run, so two racing requests or a reward being paid out cannot be overwritten. False when
 * nothing changed. Collecting (Abgeholt) and paying (Ausgezahlt) are the lifecycle's transitions.
 */
export async function storeChoice(
  db: Db,
  mandantId: string,
  id: string,
  choice: StoredChoice,
): Promise<boolean> {
  const result = await db
    .updateTable('praemierung')
    .set({
      praemie_id: choice.praemieId,
      chosen_at: sql<Date>`now()`,
      empfaenger_vorname: choice.Vorname,
      empfaenger_nachname: choice.Nachname,
      empfaenger_email: choice.Email,
    })
    .where('mandant_id', '=', mandantId)
    .where('id', '=', id)
    .where('status', 'in', ['Offen', 'Bereitgestellt'])
    .where('payout_run_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A new reward link replaces the old one: only the newest token works. */
export async function setToken(
  db: Db,
  mandantId: string,
  id: string,
  tokenHash: string,
  validDays: number,
): Promise<void> {
  await db
    .updateTable('praemierung')
    .set({
      token_hash: tokenHash,
      token_expires_at: sql<Date>`now() + make_interval(days => ${validDays}::int)`,
    })
    .where('mandant_id', '=', mandantId)
    .where('id', '=', id)
    .execute();
}

export async function setCustomerNumber(db: Db, mandantId: string, id: string, value: string): Promise<void> {
  await db
    .updateTable('praemierung')
    .set({ kundennummer: value })
    .where('mandant_id', '=', mandantId)
    .where('id', '=', id)
    .execute();
}

/**
 * The account a reward belongs to: its own account, else its recommendation's, else the account with
 * the recommendation's e-mail. Undefined when the recommender never had an account.
 */
export async function accountOfReward(db: Db, record: RewardRecord): Promise<string | undefined> {
  if (record.accountId) return record.accountId;
  if (!record.recommendationId) return undefined;
  const row = await db
    .selectFrom('recommendation')
    .leftJoin('account', (join) =>
      join
        .onRef('account.mandant_id', '=', 'recommendation.mandant_id')
        .onRef('account.email', '=', 'recommendation.empfehler_email'),
    )
    .select(['recommendation.account_id', 'account.id as email_account_id'])
    .where('recommendation.mandant_id', '=', record.mandantId)
    .where('recommendation.id', '=', record.recommendationId)
    .executeTakeFirst();
  return row?.account_id ?? row?.email_account_id ?? undefined;
}

function toRecord(row: Selectable<PraemierungTable> & { empfehlungsnummer: string | null }): RewardRecord {
  const hasReceipt =
    row.empfaenger_vorname !== null || row.empfaenger_nachname !== null || row.empfaenger_email !== null;
  return {
    id: row.id,
    mandantId: row.mandant_id,
    recommendationId: row.recommendation_id,
    empfehlungsnummer: row.empfehlungsnummer,
    accountId: row.account_id,
    status: row.status,
    wertCent: row.wert_cent,
    praemieId: row.praemie_id,
    chosenAt: row.chosen_at,
    empfaenger: hasReceipt
      ? {
          Vorname: row.empfaenger_vorname ?? '',
          Nachname: row.empfaenger_nachname ?? '',
          Email: row.empfaenger_email ?? '',
        }
      : null,
    kundennummer: row.kundennummer,
    tokenExpiresAt: row.token_expires_at,
    collectedAt: row.collected_at,
    createdAt: row.created_at,
  };
}
