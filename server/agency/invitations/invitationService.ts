import { createHash, randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { isEmailAllowed, isExcludedByWildcard } from '../../../domain/emailRules.ts';
import { wireDateTime } from '../../../domain/format.ts';
import { isTermsAccepted } from '../../../domain/termsAccepted.ts';
import type {
  AgenturEinladungZeile,
  EinladungAnsicht,
  EinladungRequest,
  InvitationArtWire,
} from '../../../schemas/agency.ts';
import { isEmailAddress } from '../../../schemas/forms/fields.ts';
import type { AccountLifecycleRepository } from '../../account/accountLifecycleRepository.ts';
import type { Account, AccountRepository } from '../../account/accountRepository.ts';
import { assertNewPassword } from '../../account/passwordProblems.ts';
import { afterPasswordChange } from '../../account/sessionAccount.ts';
import { normalizeEmail } from '../../auth/normalizeEmail.ts';
import type { PasswordHasher } from '../../auth/passwordHasher.ts';
import type { SessionTokens } from '../../auth/SessionTokens.ts';
import type { DatabaseSchema } from '../../db/DatabaseSchema.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import type { MailService } from '../../mail/mailPlugin.ts';
import type { LoadedMandant } from '../../mandants/LoadedMandant.ts';
import type { AgencyPrincipal } from '../agencyAuthPlugin.ts';

/** How long an invitation's link works. */
export const INVITATION_TTL_DAYS = 30;

/**
 * An agency user who sent this many invitations within the hour must solve a captcha for the next one
 * (PUT Einladung without a body says so); `perUserPerHour` is the hard limit (429 PSOF0016).
 */
export const INVITATION_LIMITS = {
  captchaAfterPerHour: 20,
  perUserPerHour: { limit: 60, windowSeconds: 60 * 60 },
  /** Opening and using links, per client address (as the account's set-password links). */
  linkPerIp: { limit: 30, windowSeconds: 15 * 60 },
} as const;

/** Tokens are base64url of 32 bytes; anything else is not worth a query. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface InvitationServiceDeps {
  db: Kysely<DatabaseSchema>;
  accounts: Pick<AccountRepository, 'findById'>;
  lifecycle: Pick<AccountLifecycleRepository, 'register' | 'setPassword' | 'lockByEmail'>;
  mail: Pick<MailService, 'enqueue' | 'kick'>;
  passwordHasher: Pick<PasswordHasher, 'hash'>;
  sessionTokens: Pick<SessionTokens, 'issue'>;
  /** The programme's clock (expiry of the links). */
  clock: () => Date;
  /** The wall clock of the session tokens' iat (accountService.ts: a password change's second). */
  now: () => Date;
}

export interface NewInvitation {
  mandant: LoadedMandant;
  inviter: AgencyPrincipal;
  body: EinladungRequest;
  /** The language of the invited customer's mail (the inviting user's request language). */
  language: string;
  origin: string;
  /** Uses up the captcha when one is required; called after the body's checks, before anything is written. */
  assertCaptcha: () => Promise<void>;
}

/**
 * SPEC 7 PUT Einladung and the invited customer's registration (issue 14): an agency user invites a customer,
 * whose mailed link (`/{locale}/einladung/{token}`) completes the registration as a recommender attributed to
 * the agency and the employee. Only a SHA-256 of a token is stored; a link is used once.
 */
export function createInvitationService(deps: InvitationServiceDeps) {
  const { db } = deps;

  /** Whether the inviter's next invitation needs a captcha (many invitations within the hour). */
  async function captchaRequired(inviter: AgencyPrincipal): Promise<boolean> {
    const since = new Date(deps.clock().getTime() - 60 * 60 * 1000);
    const row = await db
      .selectFrom('agency_invitation')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('mandant_id', '=', inviter.mandantId)
      .where('agency_id', '=', inviter.agencyId)
      .where('agency_user_id', '=', inviter.userId)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.count) >= INVITATION_LIMITS.captchaAfterPerHour;
  }

  /** The agency's company name and number (the invitation form's header). */
  async function agencyOf(inviter: AgencyPrincipal): Promise<{ agenturnummer: string; firma: string }> {
    return db
      .selectFrom('agency')
      .select(['agenturnummer', 'firma'])
      .where('mandant_id', '=', inviter.mandantId)
      .where('id', '=', inviter.agencyId)
      .executeTakeFirstOrThrow();
  }

  /**
   * The employee the invitation is attributed to: the one whose Mitarbeiternummer the form names (an active
   * member of the caller's agency, else 422 PSOF0635), or the caller.
   */
  async function attributedEmployee(
    inviter: AgencyPrincipal,
    mitarbeiternummer: string | null | undefined,
  ): Promise<{ id: string; name: string; mitarbeiternummer: string | null }> {
    const number = mitarbeiternummer?.trim() ?? '';
    if (number === '' || number === inviter.mitarbeiternummer) {
      return { id: inviter.userId, name: inviter.name, mitarbeiternummer: inviter.mitarbeiternummer };
    }
    const colleague = await db
      .selectFrom('agency_user')
      .select(['id', 'name', 'mitarbeiternummer'])
      .where('mandant_id', '=', inviter.mandantId)
      .where('agency_id', '=', inviter.agencyId)
      .where('mitarbeiternummer', '=', number)
      .where('status', '=', 'active')
      .executeTakeFirst();
    if (!colleague) {
      throw new ApiProblem('PSOF0635', [{ pointer: '/Mitarbeiternummer', reason: 'no active employee' }]);
    }
    return colleague;
  }

  /** PUT Einladung with a body: checks, stores the invitation and queues its mail in one transaction. */
  async function invite(input: NewInvitation): Promise<AgenturEinladungZeile> {
    const { mandant, inviter, body } = input;
    const email = normalizeEmail(body.Email);
    if (!isEmailAddress(email))
      throw new ApiProblem('PSOF0302', [{ pointer: '/Email', reason: 'invalid e-mail' }]);
    if (!isEmailAllowed(email, mandant.config.EmailWhitelist)) throw new ApiProblem('PSOF0301');
    // SPEC 6: staff and agents barred by wildcard cannot become recommenders, invited or not.
    if (isExcludedByWildcard(email, mandant.config.programme.excludedEmailWildcards)) {
      throw new ApiProblem('PSOF0206');
    }
    const employee = await attributedEmployee(inviter, body.Mitarbeiternummer);
    const agency = await agencyOf(inviter);
    await input.assertCaptcha();
    const token = randomBytes(32).toString('base64url');
    const now = deps.clock();
    const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000);
    const row = await db.transaction().execute(async (trx) => {
      // Two invitations of one address at once: the second waits here and then sees the first.
      await sql`select pg_advisory_xact_lock(hashtext(${`agency_invitation:${mandant.id}:${email}`}))`.execute(
        trx,
      );
      const account = await trx
        .selectFrom('account')
        .select('id')
        .where('mandant_id', '=', mandant.id)
        .where('email', '=', email)
        .executeTakeFirst();
      if (account) throw new ApiProblem('PSOF0630', [{ pointer: '/Email', reason: 'account exists' }]);
      const open = await trx
        .selectFrom('agency_invitation')
        .select('id')
        .where('mandant_id', '=', mandant.id)
        .where('email', '=', email)
        .where('status', '=', 'Versendet')
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (open) throw new ApiProblem('PSOF0631', [{ pointer: '/Email', reason: 'open invitation' }]);
      const inserted = await trx
        .insertInto('agency_invitation')
        .values({
          mandant_id: mandant.id,
          agency_id: inviter.agencyId,
          agency_user_id: employee.id,
          vorname: body.Vorname.trim(),
          nachname: body.Nachname.trim(),
          email,
          art: body.Art,
          mitarbeiternummer: employee.mitarbeiternummer,
          token_hash: hashToken(token),
          expires_at: expiresAt,
          created_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await deps.mail.enqueue(trx, {
        mandantId: mandant.id,
        to: email,
        language: input.language,
        template: 'agencyInvitation',
        data: {
          vorname: inserted.vorname,
          nachname: inserted.nachname,
          agentur: agency.firma,
          token,
          validDays: INVITATION_TTL_DAYS,
        },
        origin: input.origin,
      });
      return inserted;
    });
    deps.mail.kick();
    return {
      Id: row.id,
      Datum: wireDateTime(row.created_at),
      Vorname: row.vorname,
      Nachname: row.nachname,
      Email: row.email,
      Art: row.art as InvitationArtWire,
      Mitarbeiter: employee.name,
      Status: row.status,
    };
  }

  /** The open invitation of a token, or 404 PSOF0632 (unknown), 410 PSOF0633 (expired), 410 PSOF0634 (used). */
  async function openInvitation(
    executor: Kysely<DatabaseSchema>,
    mandantId: string,
    token: string,
    lock: boolean,
  ) {
    if (!TOKEN_PATTERN.test(token)) throw new ApiProblem('PSOF0632');
    let query = executor
      .selectFrom('agency_invitation')
      .innerJoin('agency', 'agency.id', 'agency_invitation.agency_id')
      .selectAll('agency_invitation')
      .select('agency.firma')
      .where('agency_invitation.mandant_id', '=', mandantId)
      .where('agency_invitation.token_hash', '=', hashToken(token));
    if (lock) query = query.forUpdate('agency_invitation');
    const row = await query.executeTakeFirst();
    if (!row) throw new ApiProblem('PSOF0632');
    if (row.status === 'Registriert') throw new ApiProblem('PSOF0634');
    if (row.status === 'Abgelaufen' || row.expires_at.getTime() <= deps.clock().getTime()) {
      throw new ApiProblem('PSOF0633');
    }
    return row;
  }

  /** GET Einladung/{token}: whom the page greets. */
  async function view(mandantId: string, token: string): Promise<EinladungAnsicht> {
    const row = await openInvitation(db, mandantId, token, false);
    return { Vorname: row.vorname, Nachname: row.nachname, Email: row.email, Agentur: row.firma };
  }

  /**
   * POST Einladung/{token}/registrieren: the recommender's account with its password, attributed to the
   * invitation's agency and employee, and the invitation marked Registriert — one transaction, so a link
   * registers once. Answers the new account and its session (as a login).
   */
  async function register(
    mandantId: string,
    token: string,
    form: {
      password: string;
      confirmation: string;
      agb: unknown;
      language: string;
      /** The mandant's programme.excludedEmailWildcards (SPEC 6), as when the invitation was sent. */
      excludedEmailWildcards: readonly string[];
    },
  ): Promise<{ account: Account; session: string }> {
    if (!isTermsAccepted(form.agb))
      throw new ApiProblem('PSOF0304', [{ pointer: '/Agb', reason: 'not accepted' }]);
    assertNewPassword(form.password, form.confirmation);
    const passwordHash = await deps.passwordHasher.hash(form.password);
    const changedAt = deps.now();
    const accountId = await db.transaction().execute(async (trx) => {
      const invitation = await openInvitation(trx, mandantId, token, true);
      // The programme may have barred the address since it was invited (SPEC 6).
      if (isExcludedByWildcard(invitation.email, form.excludedEmailWildcards))
        throw new ApiProblem('PSOF0206');
      // Registered by another way since the invitation: the address has its login already.
      if (await deps.lifecycle.lockByEmail(trx, mandantId, invitation.email))
        throw new ApiProblem('PSOF0630');
      const account = await deps.lifecycle.register(trx, {
        mandantId,
        email: invitation.email,
        vorname: invitation.vorname,
        nachname: invitation.nachname,
        language: form.language,
      });
      if (!account) throw new ApiProblem('PSOF0630');
      await deps.lifecycle.setPassword(trx, mandantId, account.id, passwordHash, changedAt);
      await trx
        .updateTable('account')
        .set({ agency_id: invitation.agency_id, agency_user_id: invitation.agency_user_id })
        .where('mandant_id', '=', mandantId)
        .where('id', '=', account.id)
        .execute();
      await trx
        .updateTable('agency_invitation')
        .set({ status: 'Registriert', registered_at: deps.clock(), account_id: account.id })
        .where('mandant_id', '=', mandantId)
        .where('id', '=', invitation.id)
        .execute();
      return account.id;
    });
    const account = await deps.accounts.findById(mandantId, accountId);
    if (!account) throw new ApiProblem('PSOF0632');
    // A session of the second the password was set would count as ended (sessionAccount.ts).
    await afterPasswordChange(changedAt);
    const session = await deps.sessionTokens.issue('user', mandantId, account.id);
    return { account, session };
  }

  return { captchaRequired, agencyOf, invite, view, register };
}

export type InvitationService = ReturnType<typeof createInvitationService>;
