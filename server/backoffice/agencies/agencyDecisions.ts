import { type Kysely, sql } from 'kysely';
import { wireDateTime } from '../../../domain/format.ts';
import type {
  AgencyDecision,
  BackofficeAgencyStatus,
  BackofficeAgentur,
} from '../../../schemas/backofficeSupport.ts';
import { readMasterData } from '../../agency/masterData/masterData.ts';
import type { FieldCipher } from '../../crypto/fieldCipher.ts';
import type { DatabaseSchema } from '../../db/DatabaseSchema.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import type { MailService } from '../../mail/mailPlugin.ts';
import type { LoadedMandant } from '../../mandants/LoadedMandant.ts';
import { type AuditActor, recordAudit } from '../audit/auditLog.ts';

export interface AgencyDecisionDeps {
  db: Kysely<DatabaseSchema>;
  cipher: FieldCipher;
  mail: Pick<MailService, 'enqueue' | 'kick'>;
}

type Db = Kysely<DatabaseSchema>;

/** The agency's owners: the addresses the decision's mail goes to. */
function owners(db: Db, mandantId: string, agencyId: string) {
  return db
    .selectFrom('agency_user')
    .select(['name', 'email'])
    .where('mandant_id', '=', mandantId)
    .where('agency_id', '=', agencyId)
    .where(sql<boolean>`'owner' = any(roles)`)
    .orderBy('created_at')
    .execute();
}

/**
 * The language an owner reads: that of the last mail the platform wrote to the address (the registration's
 * confirmation went out in the language the owner registered in), else the mandant's default.
 */
async function languageOf(db: Db, mandant: LoadedMandant, email: string): Promise<string> {
  const last = await db
    .selectFrom('mail_outbox')
    .select('language')
    .where('mandant_id', '=', mandant.id)
    .where('recipient', '=', email)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last?.language ?? mandant.config.SupportedLanguage.Standard;
}

/**
 * The back office's side of self-registered agencies (issue 15, docs/adr/0020): the detail with the master
 * data (IBAN masked) and the decision on a pending agency.
 */
export function createAgencyDecisions(deps: AgencyDecisionDeps) {
  const { db } = deps;

  async function detail(mandantId: string, id: string, executor: Db = db): Promise<BackofficeAgentur> {
    const row = await executor
      .selectFrom('agency')
      .select(['status', 'created_at'])
      .where('mandant_id', '=', mandantId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new ApiProblem('PSOF0704');
    const master = await readMasterData({ db: executor, cipher: deps.cipher }, { mandantId, agencyId: id });
    const people = await owners(executor, mandantId, id);
    return {
      Id: id,
      Status: row.status as BackofficeAgencyStatus,
      RegistriertAm: wireDateTime(row.created_at),
      ...master,
      Inhaber: people.map((person) => ({ Name: person.name, Email: person.email })),
    };
  }

  /**
   * Activates or rejects a pending agency in one transaction: the status (a conditional update — of two
   * decisions at once one wins, the other and any decision on an agency no longer pending is 409
   * PSOF0705), the owners' mail (agencyActivated / agencyRejected, de or en) and the audit entry.
   * Activated staff can sign in at once; rejected staff are told PSOF0662. A rejection needs a reason
   * (422 PSOF0766).
   */
  async function decide(
    mandant: LoadedMandant,
    actor: AuditActor,
    id: string,
    decision: AgencyDecision,
    reason: string,
    /** Scheme and host of the mail's link (`mail.originFor(request, mandant)`). */
    origin: string,
  ): Promise<BackofficeAgentur> {
    const grund = reason.trim();
    if (decision === 'reject' && grund === '') {
      throw new ApiProblem('PSOF0766', [{ pointer: '/Grund', reason: 'required for a rejection' }]);
    }
    const status = decision === 'activate' ? 'active' : 'rejected';
    const answer = await db.transaction().execute(async (trx) => {
      const changed = await trx
        .updateTable('agency')
        .set({ status })
        .where('mandant_id', '=', mandant.id)
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .returning(['agenturnummer', 'firma'])
        .executeTakeFirst();
      if (!changed) {
        const exists = await trx
          .selectFrom('agency')
          .select('id')
          .where('mandant_id', '=', mandant.id)
          .where('id', '=', id)
          .executeTakeFirst();
        throw new ApiProblem(exists ? 'PSOF0705' : 'PSOF0704');
      }
      for (const owner of await owners(trx, mandant.id, id)) {
        await deps.mail.enqueue(trx, {
          mandantId: mandant.id,
          to: owner.email,
          language: await languageOf(trx, mandant, owner.email),
          template: decision === 'activate' ? 'agencyActivated' : 'agencyRejected',
          data: { name: owner.name, firma: changed.firma, agenturnummer: changed.agenturnummer, grund },
          origin,
        });
      }
      await recordAudit(trx, {
        mandantId: mandant.id,
        actor,
        action: decision === 'activate' ? 'agency.activated' : 'agency.rejected',
        subjectType: 'agency',
        subjectId: id,
        before: { status: 'pending' },
        after: { status, reason: grund },
      });
      return detail(mandant.id, id, trx);
    });
    deps.mail.kick();
    return answer;
  }

  return { detail, decide };
}
