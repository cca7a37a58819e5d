import { type Kysely, sql } from 'kysely';
import type { GutscheinImportErgebnis, GutscheinPoolZeile } from '../../../schemas/backofficePayouts.ts';
import { DEFAULT_LANGUAGE } from '../../../schemas/constants.ts';
import { localisedTexts } from '../../../schemas/praemien.ts';
import type { DatabaseSchema } from '../../db/DatabaseSchema.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import type { LoadedMandant } from '../../mandants/LoadedMandant.ts';
import type { OrderDeps } from '../../orders/OrderDeps.ts';
import { importVoucherCodes, voucherStock } from '../../vouchers/voucherPool.ts';
import { recordAudit } from '../audit/auditLog.ts';
import type { BackofficePrincipal } from '../backofficeAuthPlugin.ts';

type Db = Kysely<DatabaseSchema>;
type Staff = Pick<BackofficePrincipal, 'actor'>;
type Deps = Pick<OrderDeps, 'mail' | 'now'>;

/** The voucher entries of the mandant's catalogue: each is one pool (voucher_code.praemie_id). */
function voucherEntries(mandant: LoadedMandant) {
  return mandant.praemien.praemien.filter((entry) => entry.Art === 'Gutschein');
}

/**
 * Every pool of the mandant with its stock (free and handed-out codes, server/vouchers/voucherPool.ts),
 * its threshold (the pool's own or programme.voucherLowStock) and whether it is low.
 */
export async function voucherPools(
  db: Db,
  mandant: LoadedMandant,
  language: string,
): Promise<GutscheinPoolZeile[]> {
  const stock = new Map((await voucherStock(db, mandant)).map((row) => [row.PraemieId, row]));
  const settings = new Map(
    (
      await db
        .selectFrom('voucher_pool_setting')
        .select(['praemie_id', 'low_stock_threshold', 'low_stock_alerted_at', 'updated_at'])
        .where('mandant_id', '=', mandant.id)
        .execute()
    ).map((row) => [row.praemie_id, row]),
  );
  const fallback = mandant.config.programme.voucherLowStock;
  return voucherEntries(mandant).map((entry) => {
    const setting = settings.get(entry.Id);
    const free = stock.get(entry.Id)?.Frei ?? 0;
    const threshold = setting?.low_stock_threshold ?? fallback;
    return {
      PraemieId: entry.Id,
      Titel: localisedTexts(entry, language).Titel,
      Frei: free,
      Ausgegeben: stock.get(entry.Id)?.Ausgegeben ?? 0,
      Schwelle: threshold,
      SchwelleStandard: setting?.low_stock_threshold == null,
      Niedrig: free < threshold,
      Gemeldet: setting?.low_stock_alerted_at ? new Date(setting.low_stock_alerted_at).toISOString() : null,
      Stand: setting ? new Date(setting.updated_at).toISOString() : null,
    };
  });
}

/**
 * Sets a pool's threshold (audit entry in the same transaction) and checks the pool against it at once:
 * a threshold raised above the stock alerts now, one lowered below it ends a pending alert. `seen` is the
 * pool's `Stand` as the caller read it: if the pool's setting changed since, 409 PSOF0705 (no lost update).
 */
export async function setThreshold(
  db: Db,
  deps: Deps,
  mandant: LoadedMandant,
  staff: Staff,
  praemieId: string,
  threshold: number,
  language: string,
  seen?: string | null,
): Promise<GutscheinPoolZeile> {
  if (!voucherEntries(mandant).some((entry) => entry.Id === praemieId)) throw new ApiProblem('PSOF0745');
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('voucher_pool_setting')
      .select(['low_stock_threshold', 'updated_at'])
      .where('mandant_id', '=', mandant.id)
      .where('praemie_id', '=', praemieId)
      .forUpdate()
      .executeTakeFirst();
    const current = before ? new Date(before.updated_at).toISOString() : null;
    if (seen !== undefined && seen !== current) throw new ApiProblem('PSOF0705');
    await trx
      .insertInto('voucher_pool_setting')
      .values({ mandant_id: mandant.id, praemie_id: praemieId, low_stock_threshold: threshold })
      .onConflict((conflict) =>
        conflict
          .columns(['mandant_id', 'praemie_id'])
          .doUpdateSet({ low_stock_threshold: threshold, updated_at: deps.now() }),
      )
      .execute();
    await recordAudit(trx, {
      mandantId: mandant.id,
      actor: staff.actor,
      action: 'voucherPool.thresholdChanged',
      subjectType: 'voucherPool',
      subjectId: praemieId,
      before: { Schwelle: before?.low_stock_threshold ?? mandant.config.programme.voucherLowStock },
      after: { Schwelle: threshold },
    });
    await checkLowStock(trx, deps, mandant, [praemieId]);
  });
  const pools = await voucherPools(db, mandant, language);
  const pool = pools.find((row) => row.PraemieId === praemieId);
  if (!pool) throw new ApiProblem('PSOF0745');
  return pool;
}

/**
 * Imports codes by CSV with the integration's import (all rows or none), the audit entry and the stock
 * check (a refill ends an alert) in one transaction. Bad rows: 422 PSOF0746 with `/line/N/Column` and the
 * reason per row; unreadable file or wrong columns: 415 PSOF0747.
 */
export async function importCodes(
  db: Db,
  deps: Deps,
  mandant: LoadedMandant,
  staff: Staff,
  body: Buffer,
  language: string,
): Promise<GutscheinImportErgebnis> {
  const result = await db.transaction().execute(async (trx) => {
    const before = await voucherStock(trx, mandant);
    let imported: { Importiert: number; Doppelt: number };
    try {
      imported = await importVoucherCodes(trx, mandant, body);
    } catch (error) {
      if (error instanceof ApiProblem && error.code === 'PSOF0511')
        throw new ApiProblem('PSOF0746', error.details);
      if (error instanceof ApiProblem && error.code === 'PSOF0512')
        throw new ApiProblem('PSOF0747', error.details);
      throw error;
    }
    const after = await voucherStock(trx, mandant);
    const changed = after.filter(
      (row) => row.Frei !== (before.find((old) => old.PraemieId === row.PraemieId)?.Frei ?? 0),
    );
    await recordAudit(trx, {
      mandantId: mandant.id,
      actor: staff.actor,
      action: 'voucherPool.imported',
      subjectType: 'voucherPool',
      subjectId: (changed.map((row) => row.PraemieId).join(',') || 'none').slice(0, 200),
      before: Object.fromEntries(before.map((row) => [row.PraemieId, row.Frei])),
      after: { ...imported, Frei: Object.fromEntries(after.map((row) => [row.PraemieId, row.Frei])) },
    });
    await checkLowStock(trx, deps, mandant);
    return imported;
  });
  return { ...result, Pools: await voucherPools(db, mandant, language) };
}

/**
 * The low-stock alert (issue 15): a pool whose free codes are below its threshold and that has not been
 * reported yet is marked and one mail goes to each active finance user of the mandant (through the mail
 * outbox, in the caller's transaction); a pool back at or above its threshold is unmarked, so its next fall
 * is reported again. The mark is set by a conditional write: two instances checking at once send one mail.
 * Returns the number of pools newly reported.
 */
export async function checkLowStock(
  db: Db,
  deps: Deps,
  mandant: LoadedMandant,
  only?: readonly string[],
): Promise<number> {
  const pools = (await voucherPools(db, mandant, DEFAULT_LANGUAGE)).filter(
    (pool) => !only || only.includes(pool.PraemieId),
  );
  let reported = 0;
  for (const pool of pools) {
    if (!pool.Niedrig) {
      if (pool.Gemeldet) {
        await db
          .updateTable('voucher_pool_setting')
          .set({ low_stock_alerted_at: null })
          .where('mandant_id', '=', mandant.id)
          .where('praemie_id', '=', pool.PraemieId)
          .execute();
      }
      continue;
    }
    // A pool that never held a code (a voucher not stocked yet, an expired campaign's) did not fall below
    // anything: the page shows it as low, but finance is not mailed about it at every start.
    if (pool.Frei + pool.Ausgegeben === 0) continue;
    if (pool.Gemeldet) continue;
    const claimed = await db
      .insertInto('voucher_pool_setting')
      .values({ mandant_id: mandant.id, praemie_id: pool.PraemieId, low_stock_alerted_at: deps.now() })
      .onConflict((conflict) =>
        conflict
          .columns(['mandant_id', 'praemie_id'])
          .doUpdateSet({ low_stock_alerted_at: deps.now() })
          .where('voucher_pool_setting.low_stock_alerted_at', 'is', null),
      )
      .returning('praemie_id')
      .executeTakeFirst();
    if (!claimed) continue;
    reported += 1;
    const finance = await db
      .selectFrom('backoffice_user')
      .select('email')
      .where('mandant_id', '=', mandant.id)
      .where('status', '=', 'active')
      .where(sql<boolean>`'finance' = any(roles)`)
      .orderBy('email')
      .execute();
    for (const user of finance) {
      await deps.mail.enqueue(db, {
        mandantId: mandant.id,
        to: user.email,
        language: DEFAULT_LANGUAGE,
        template: 'voucherLowStock',
        data: { titel: pool.Titel, praemieId: pool.PraemieId, frei: pool.Frei, schwelle: pool.Schwelle },
      });
    }
  }
  return reported;
}
