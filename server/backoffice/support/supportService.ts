import type { Kysely } from 'kysely';
import { wireDateTime } from '../../../domain/format.ts';
import type {
  SupportEmpfehlerKarte,
  SupportMailKind,
  SupportMailResponse,
} from '../../../schemas/backofficeSupport.ts';
import { newsletterState } from '../../../schemas/newsletter.ts';
import { isChoosable, isCollected } from '../../../schemas/praemien.ts';
import type { AccountLifecycleRepository } from '../../account/accountLifecycleRepository.ts';
import { queueAccountMail } from '../../account/accountMails.ts';
import type { Account, AccountRepository } from '../../account/accountRepository.ts';
import type { AccountTokenRepository } from '../../account/accountTokenRepository.ts';
import type { LoginTokenRepository } from '../../account/loginTokenRepository.ts';
import { normalizeEmail } from '../../auth/normalizeEmail.ts';
import type { DatabaseSchema } from '../../db/DatabaseSchema.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import type { MailService } from '../../mail/mailPlugin.ts';
import type { LoadedMandant } from '../../mandants/LoadedMandant.ts';
import type { BankDetailsDeps } from '../../recommender/bankDetails.ts';
import { exportAccountData } from '../../recommender/dataExport.ts';
import { eraseAccountIn } from '../../recommender/eraseAccount.ts';
import { enqueueOptinMail, newsletterFields, requireNewsletter } from '../../recommender/newsletter.ts';
import { type Owner, ownedRecommendationIds } from '../../recommender/ownership.ts';
import { enqueueTokenMail } from '../../rewards/rewardMail.ts';
import { findOwned, listOwnedPage } from '../../rewards/rewardStore.ts';
import { type AuditActor, recordAudit } from '../audit/auditLog.ts';

/** How many of the last mails the card lists. */
export const CARD_MAILS = 10;
/** The newest rewards on a card: a recommender may hold thousands (issue 17: no unbounded list). */
export const CARD_REWARDS = 50;

/** The plain arguments of support (issue 15): never the Fastify app. */
export interface SupportDeps {
  db: Kysely<DatabaseSchema>;
  accounts: Pick<AccountRepository, 'findById'>;
  lifecycle: Pick<AccountLifecycleRepository, 'lockById'>;
  accountTokens: Pick<AccountTokenRepository, 'create'>;
  loginTokens: Pick<LoginTokenRepository, 'create'>;
  mail: Pick<MailService, 'enqueue' | 'kick' | 'eraseRecipient'>;
  bankDetails: BankDetailsDeps;
  /** Lifetime of an admin login token (SPEC: 60 minutes). */
  loginTokenTtlMinutes: number;
}

/** Who acts, in which mandant. */
export interface SupportCaller {
  mandant: LoadedMandant;
  actor: AuditActor;
}

const wire = (moment: Date | null): string | null => (moment ? wireDateTime(moment) : null);
const ownerOf = (account: Account): Owner => ({
  mandantId: account.mandantId,
  accountId: account.id,
  email: account.email,
});

/**
 * Support's side of the recommender (issue 15): the card, SPEC's admin token login, a mail sent again,
 * export and erasure on request. Every action writes its audit entry in its own transaction, with ids and
 * what was done only — never the person's data.
 */
export function createSupportService(deps: SupportDeps) {
  const { db } = deps;

  /** The recommender of the caller's mandant, else 404 PSOF0704 (another mandant's looks the same). */
  async function recommender(mandantId: string, id: string): Promise<Account> {
    const account = await deps.accounts.findById(mandantId, id);
    if (!account) throw new ApiProblem('PSOF0704');
    return account;
  }

  async function card(mandant: LoadedMandant, id: string): Promise<SupportEmpfehlerKarte> {
    const account = await recommender(mandant.id, id);
    const owner = ownerOf(account);
    const [row, recommendations, bank, mails, rewards] = await Promise.all([
      db
        .selectFrom('account')
        .select(['created_at', 'newsletter_optin_gegeben', 'newsletter_optin_versendet_am'])
        .where('mandant_id', '=', mandant.id)
        .where('id', '=', account.id)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('recommendation')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('mandant_id', '=', mandant.id)
        .where('id', 'in', ownedRecommendationIds(db, owner))
        .where('erased_at', 'is', null)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('bank_account')
        .select('account_id')
        .where('mandant_id', '=', mandant.id)
        .where('account_id', '=', account.id)
        .executeTakeFirst(),
      db
        .selectFrom('mail_outbox')
        .select(['template', 'status', 'created_at', 'sent_at'])
        .where('mandant_id', '=', mandant.id)
        .where('recipient', '=', account.email)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(CARD_MAILS)
        .execute(),
      listOwnedPage(db, owner, { pageSize: CARD_REWARDS, after: null }),
    ]);
    return {
      Id: account.id,
      Email: account.email,
      Anrede: account.anrede,
      Vorname: account.vorname,
      Nachname: account.nachname,
      Empfehlerhash: account.empfehlerHash,
      Sprache: account.language,
      Status: account.status,
      RegistriertAm: wireDateTime(row.created_at),
      PasswortGesetzt: account.passwordHash !== null,
      Empfehlungen: Number(recommendations.count),
      Praemierungen: rewards.records.map((reward) => ({
        Id: reward.id,
        Empfehlungsnummer: reward.empfehlungsnummer,
        Status: reward.status,
        WertCent: reward.wertCent,
        ErstelltAm: wireDateTime(reward.createdAt),
        MailMoeglich: !isCollected(reward.status) && isChoosable(reward.status),
      })),
      BankdatenHinterlegt: bank !== undefined,
      Newsletter: newsletterState(newsletterFields(row)),
      Mails: mails.map((mail) => ({
        Vorlage: mail.template,
        Status: mail.status,
        ErstelltAm: wireDateTime(mail.created_at),
        VersendetAm: wire(mail.sent_at),
      })),
    };
  }

  /**
   * SPEC's admin token login: a single-use login token (GET account/login/?token=, `loginTokenTtlMinutes`)
   * for an active recommender, audited as `recommender.adminLogin`. Not active: 409 PSOF0760.
   */
  async function adminLogin(caller: SupportCaller, id: string): Promise<string> {
    const account = await recommender(caller.mandant.id, id);
    if (account.status !== 'active') throw new ApiProblem('PSOF0760');
    return db.transaction().execute(async (trx) => {
      const token = await deps.loginTokens.create(
        caller.mandant.id,
        account.id,
        deps.loginTokenTtlMinutes,
        trx,
      );
      await recordAudit(trx, {
        mandantId: caller.mandant.id,
        actor: caller.actor,
        action: 'recommender.adminLogin',
        subjectType: 'account',
        subjectId: account.id,
        after: { validMinutes: deps.loginTokenTtlMinutes },
      });
      return token;
    });
  }

  /**
   * A mail sent again through the mail functions the recommender's own calls use, audited as
   * `recommender.mailResent` with the template that went out:
   * - `welcome`: queueAccountMail's welcome (a new set-password link, or 'already registered' when a
   *   password is set); `passwordReset`: its reset mail. Not active: 409 PSOF0760.
   * - `newsletterOptin`: only while the person's own request waits for confirmation (else 409 PSOF0762);
   *   no new consent event — the person asked before. No newsletter in the mandant: 403 PSOF0244.
   * - `reward`: a new reward link for one of the person's rewards (another's 404 PSOF0704; collected,
   *   cancelled or lapsed 409 PSOF0763).
   */
  async function resendMail(
    caller: SupportCaller,
    id: string,
    kind: SupportMailKind,
    options: { praemierungId?: string; origin: string },
  ): Promise<SupportMailResponse> {
    const { mandant } = caller;
    const account = await recommender(mandant.id, id);
    if (kind === 'newsletterOptin') requireNewsletter(mandant);
    const template = await db.transaction().execute(async (trx) => {
      const state = await deps.lifecycle.lockById(trx, mandant.id, account.id);
      if (!state) throw new ApiProblem('PSOF0704');
      let sent: string;
      if (kind === 'welcome' || kind === 'passwordReset') {
        if (state.status !== 'active') throw new ApiProblem('PSOF0760');
        const outcome = await queueAccountMail(
          { tokens: deps.accountTokens, mail: deps.mail },
          trx,
          { mandantId: mandant.id, to: state.email, origin: options.origin, requestLanguage: state.language },
          state,
          kind === 'welcome' ? 'welcome' : 'reset',
        );
        if (outcome.mail === 'none') throw new ApiProblem('PSOF0760');
        sent = outcome.mail;
      } else if (kind === 'newsletterOptin') {
        const current = await trx
          .selectFrom('account')
          .select(['newsletter_optin_gegeben', 'newsletter_optin_versendet_am'])
          .where('mandant_id', '=', mandant.id)
          .where('id', '=', account.id)
          .executeTakeFirstOrThrow();
        if (newsletterState(newsletterFields(current)) !== 'pending') throw new ApiProblem('PSOF0762');
        await enqueueOptinMail(trx, deps.mail, mandant, account, options.origin);
        sent = 'newsletterOptin';
      } else {
        const record = options.praemierungId
          ? await findOwned(trx, ownerOf(account), options.praemierungId)
          : undefined;
        if (!record) throw new ApiProblem('PSOF0704');
        if (isCollected(record.status) || !isChoosable(record.status)) throw new ApiProblem('PSOF0763');
        await enqueueTokenMail(trx, deps.mail, mandant, record.id, record.wertCent, account, options.origin);
        sent = 'rewardReady';
      }
      await recordAudit(trx, {
        mandantId: mandant.id,
        actor: caller.actor,
        action: 'recommender.mailResent',
        subjectType: 'account',
        subjectId: account.id,
        after: {
          mail: kind,
          template: sent,
          ...(kind === 'reward' ? { praemierungId: options.praemierungId } : {}),
        },
      });
      return sent;
    });
    deps.mail.kick();
    return { Vorlage: template };
  }

  /**
   * GDPR Art. 15 and 20 on request: the same JSON as the recommender's own GET /empfehler/export (IBAN in
   * full, docs/adr/0011), audited as `recommender.exported` (only that it happened).
   */
  async function exportData(caller: SupportCaller, id: string): Promise<Record<string, unknown>> {
    const account = await recommender(caller.mandant.id, id);
    const data = await exportAccountData(deps.bankDetails, caller.mandant, account);
    await recordAudit(db, {
      mandantId: caller.mandant.id,
      actor: caller.actor,
      action: 'recommender.exported',
      subjectType: 'account',
      subjectId: account.id,
    });
    return data;
  }

  /**
   * GDPR Art. 17 on request: the recommender's own erasure (`eraseAccountIn`, docs/adr/0011), confirmed by
   * the person's e-mail typed again (else 422 PSOF0764). What accounting must keep stays without the
   * person, as in the person's own erasure; what a payment still needs refuses: a reward in a payout run
   * not yet executed (its SEPA file needs the IBAN and name) is 409 PSOF0765. Audited as
   * `recommender.erased` with counts only.
   */
  async function erase(caller: SupportCaller, id: string, confirmation: string): Promise<void> {
    const { mandant } = caller;
    const account = await recommender(mandant.id, id);
    if (normalizeEmail(confirmation) !== account.email) {
      throw new ApiProblem('PSOF0764', [{ pointer: '/Email', reason: 'not the recommender’s e-mail' }]);
    }
    await db.transaction().execute(async (trx) => {
      const locked = await deps.lifecycle.lockById(trx, mandant.id, account.id);
      if (!locked) throw new ApiProblem('PSOF0704');
      const owner = ownerOf(account);
      const inPayout = await trx
        .selectFrom('praemierung as p')
        .innerJoin('payout_run as r', 'r.id', 'p.payout_run_id')
        .select('p.id')
        .where('p.mandant_id', '=', mandant.id)
        .where('r.status', '=', 'created')
        .where((eb) =>
          eb.or([
            eb('p.account_id', '=', account.id),
            eb('p.recommendation_id', 'in', ownedRecommendationIds(trx, owner)),
          ]),
        )
        .executeTakeFirst();
      if (inPayout) throw new ApiProblem('PSOF0765');
      const counts = await eraseAccountIn(trx, deps.mail, account);
      await recordAudit(trx, {
        mandantId: mandant.id,
        actor: caller.actor,
        action: 'recommender.erased',
        subjectType: 'account',
        subjectId: account.id,
        after: { erased: true, ...counts },
      });
    });
  }

  return { card, adminLogin, resendMail, exportData, erase };
}

export type SupportService = ReturnType<typeof createSupportService>;
