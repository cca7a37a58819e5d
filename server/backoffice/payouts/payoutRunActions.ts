import { type Kysely, sql } from 'kysely';
import { berlinDate } from '../../../domain/invoice.ts';
import type { AuszahlungslaufZeile } from '../../../schemas/backofficePayouts.ts';
import type { DatabaseSchema } from '../../db/DatabaseSchema.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import type { LoadedMandant } from '../../mandants/LoadedMandant.ts';
import type { OrderDeps } from '../../orders/OrderDeps.ts';
import { createPayoutRun, executePayoutRun, payoutRunFile } from '../../payouts/payoutRuns.ts';
import { recordAudit } from '../audit/auditLog.ts';
import type { BackofficePrincipal } from '../backofficeAuthPlugin.ts';
import { payoutRunRow } from './payoutReports.ts';

type Db = Kysely<DatabaseSchema>;
type Staff = Pick<BackofficePrincipal, 'mandantId' | 'actor' | 'email'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A payout run of the back office's mandant, or 404 PSOF0740 (another mandant's run is "not found", never
 * a leak). `forUpdate` locks it for an action in the caller's transaction.
 */
export async function findPayoutRun(
  db: Db,
  mandantId: string,
  runId: string,
  options: { forUpdate?: boolean } = {},
): Promise<AuszahlungslaufZeile> {
  if (!UUID.test(runId)) throw new ApiProblem('PSOF0740');
  let query = db
    .selectFrom('payout_run')
    .select([
      sql<string>`cast(id as text)`.as('Id'),
      'status as Status',
      sql<string>`to_char(execution_date, 'YYYY-MM-DD')`.as('Ausfuehrungsdatum'),
      'total_cent as SummeCent',
      'transfer_count as Anzahl',
      'created_at as Erstellt',
      'created_by as ErstelltVon',
      'executed_at as Ausgefuehrt',
    ])
    .where('mandant_id', '=', mandantId)
    .where('id', '=', runId);
  if (options.forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw new ApiProblem('PSOF0740');
  return payoutRunRow(row);
}

/** Rethrows the payout module's generic "not possible now" (PSOF0509) as this feature's own code. */
async function translating<T>(work: () => Promise<T>, code: 'PSOF0742' | 'PSOF0743'): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiProblem && error.code === 'PSOF0509') throw new ApiProblem(code);
    throw error;
  }
}

/**
 * Creates a run of every due cash reward (server/payouts/payoutRuns.ts createPayoutRun) with the audit
 * entry, in one transaction. An execution day before today (Berlin): 422 PSOF0744; nothing due: 409 PSOF0742.
 */
export async function createRun(
  db: Db,
  deps: Pick<OrderDeps, 'now'>,
  mandant: LoadedMandant,
  staff: Staff,
  executionDate: string,
): Promise<AuszahlungslaufZeile> {
  const day = new Date(`${executionDate}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== executionDate) {
    throw new ApiProblem('PSOF0013', [{ pointer: '/Ausfuehrungsdatum', reason: 'not a calendar day' }]);
  }
  if (executionDate < berlinDate(deps.now())) throw new ApiProblem('PSOF0744');
  return db.transaction().execute(async (trx) => {
    const summary = await translating(
      () => createPayoutRun(trx, mandant, { executionDate, createdBy: `backoffice:${staff.email}` }),
      'PSOF0742',
    );
    const run = await findPayoutRun(trx, mandant.id, summary.Id);
    await recordAudit(trx, {
      mandantId: mandant.id,
      actor: staff.actor,
      action: 'payoutRun.created',
      subjectType: 'payoutRun',
      subjectId: run.Id,
      after: auditView(run),
    });
    return run;
  });
}

/**
 * The run's SEPA file (pain.001.001.09, made on demand by payoutRunFile) and the audit entry of the
 * download, in one transaction: no file leaves without its entry. No payout account or no transfer
 * left: 409 PSOF0743.
 */
export async function downloadSepa(
  db: Db,
  deps: Pick<OrderDeps, 'cipher'>,
  mandant: LoadedMandant,
  staff: Staff,
  runId: string,
): Promise<{ run: AuszahlungslaufZeile; xml: string }> {
  return db.transaction().execute(async (trx) => {
    const run = await findPayoutRun(trx, mandant.id, runId);
    const xml = await translating(() => payoutRunFile(trx, deps, mandant, run.Id), 'PSOF0743');
    const transfers = (xml.match(/<CdtTrfTxInf>/g) ?? []).length;
    await recordAudit(trx, {
      mandantId: mandant.id,
      actor: staff.actor,
      action: 'payoutRun.sepaDownloaded',
      subjectType: 'payoutRun',
      subjectId: run.Id,
      after: { ...auditView(run), Ueberweisungen: transfers },
    });
    return { run, xml };
  });
}

/**
 * Marks a run executed by the bank (executePayoutRun: its rewards Ausgezahlt, their recommendations
 * Gezahlt) with the audit entry. The run is locked first, so of two calls at once one executes and the
 * other, like every later call, gets 409 PSOF0741.
 */
export async function markExecuted(
  db: Db,
  deps: OrderDeps,
  mandant: LoadedMandant,
  staff: Staff,
  runId: string,
): Promise<AuszahlungslaufZeile> {
  return db.transaction().execute(async (trx) => {
    const before = await findPayoutRun(trx, mandant.id, runId, { forUpdate: true });
    if (before.Status === 'executed') throw new ApiProblem('PSOF0741');
    await executePayoutRun(trx, deps, mandant, before.Id, 'back_office');
    const after = await findPayoutRun(trx, mandant.id, before.Id);
    await recordAudit(trx, {
      mandantId: mandant.id,
      actor: staff.actor,
      action: 'payoutRun.executed',
      subjectType: 'payoutRun',
      subjectId: before.Id,
      before: auditView(before),
      after: auditView(after),
    });
    return after;
  });
}

function auditView(run: AuszahlungslaufZeile) {
  return {
    Status: run.Status,
    Ausfuehrungsdatum: run.Ausfuehrungsdatum,
    SummeCent: run.SummeCent,
    Anzahl: run.Anzahl,
  };
}
