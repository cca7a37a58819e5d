import type { Kysely } from 'kysely';
import { RESET_LINK_TTL_MINUTES } from '../../account/accountMails.ts';
import { assertNewPassword } from '../../account/passwordProblems.ts';
import { afterPasswordChange } from '../../account/sessionAccount.ts';
import type { PasswordHasher } from '../../auth/passwordHasher.ts';
import type { SessionTokens } from '../../auth/SessionTokens.ts';
import type { DatabaseSchema } from '../../db/DatabaseSchema.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import type { MailService } from '../../mail/mailPlugin.ts';
import type { RateLimiter } from '../../rateLimit/RateLimiter.ts';
import type { RateLimitKeys } from '../../rateLimit/RateLimitKeys.ts';
import type { AgencyUser, AgencyUserRepository } from '../agencyUserRepository.ts';
import { assertAgencyUserCanSignIn } from '../assertAgencyUserCanSignIn.ts';
import type { AgencyTokenRepository } from './agencyTokenRepository.ts';

/** A staff member's first link (POST agentur/mitarbeiter) works 72 hours; a reset link as long as a recommender's. */
export const AGENCY_WELCOME_LINK_TTL_MINUTES = 72 * 60;
export const AGENCY_RESET_LINK_TTL_MINUTES = RESET_LINK_TTL_MINUTES;

/** Plain values, never the Fastify app (as accountService.ts). `now` is the wall clock of the tokens' iat. */
export interface AgencyPasswordServiceDeps {
  db: Kysely<DatabaseSchema>;
  users: Pick<AgencyUserRepository, 'findById' | 'findByEmail'>;
  tokens: AgencyTokenRepository;
  mail: Pick<MailService, 'enqueue' | 'kick'>;
  passwordHasher: PasswordHasher;
  sessionTokens: Pick<SessionTokens, 'issue'>;
  rateLimiter: Pick<RateLimiter, 'reset'>;
  rateLimitKeys: Pick<RateLimitKeys, 'forEmail'>;
  now: () => Date;
}

/** A signed-in agency user and the new session token. */
export interface AgencySessionStart {
  user: AgencyUser;
  session: string;
}

/** Only an active user of an active agency may have a password link or sign in with one. */
function mayUsePasswords(user: AgencyUser | undefined): user is AgencyUser {
  return user?.status === 'active' && user.agencyId !== null && user.agencyStatus === 'active';
}

/**
 * Passwords of agency staff (issue 14, SPEC 2 agency pages), on the recommenders' rules: the password rules
 * and their codes (passwordProblems.ts), single-use links (agencyTokenRepository.ts), the end of every
 * other session at a change (`password_changed_at`, checked by authenticateAgency), and a login answer.
 */
export function createAgencyPasswordService(deps: AgencyPasswordServiceDeps) {
  const { db, users, tokens, mail } = deps;

  /**
   * PUT agentur/passwortVergessen: a reset mail when the address is an active agency user's, else nothing
   * (the answer is the same either way). Answers whether a mail went out, for the log only.
   */
  async function requestReset(address: {
    mandantId: string;
    /** Normalised. */
    email: string;
    origin: string;
    /** agency_user has no language: the mail is in the language of the page that asked. */
    language: string;
  }): Promise<boolean> {
    const { mandantId, email, origin, language } = address;
    const user = await users.findByEmail(mandantId, email);
    if (!mayUsePasswords(user)) return false;
    await db.transaction().execute(async (trx) => {
      const token = await tokens.create(trx, mandantId, user.id, 'reset', AGENCY_RESET_LINK_TTL_MINUTES);
      await mail.enqueue(trx, {
        mandantId,
        to: user.email,
        language,
        origin,
        template: 'agencyPasswordReset',
        data: { name: user.name, token, validMinutes: AGENCY_RESET_LINK_TTL_MINUTES },
      });
    });
    mail.kick();
    return true;
  }

  /** PUT agentur/passwortSetzen: uses the welcome or reset link, sets the password, ends the other sessions, signs in. */
  async function setPasswordWithLink(
    mandantId: string,
    token: string,
    password: string,
    confirmation: string,
  ): Promise<AgencySessionStart> {
    assertNewPassword(password, confirmation);
    const passwordHash = await deps.passwordHasher.hash(password);
    const changedAt = deps.now();
    const userId = await db.transaction().execute(async (trx) => {
      const use = await tokens.use(trx, mandantId, token, ['welcome', 'reset']);
      if (use.outcome === 'used') throw new ApiProblem('PSOF0209');
      // On the transaction's connection (PGlite has one): the user and the agency's status.
      const user =
        use.outcome === 'accepted'
          ? await trx
              .selectFrom('agency_user')
              .leftJoin('agency', 'agency.id', 'agency_user.agency_id')
              .select([
                'agency_user.id',
                'agency_user.status',
                'agency_user.agency_id',
                'agency.status as agencyStatus',
              ])
              .where('agency_user.mandant_id', '=', mandantId)
              .where('agency_user.id', '=', use.agencyUserId)
              .forUpdate('agency_user')
              .executeTakeFirst()
          : undefined;
      if (!user) throw new ApiProblem('PSOF0201');
      // Thrown inside the transaction: a blocked user's link is not used up and nothing changes.
      assertAgencyUserCanSignIn(user);
      if (user.status !== 'active' || user.agency_id === null || user.agencyStatus !== 'active') {
        throw new ApiProblem('PSOF0201');
      }
      await setPassword(trx, mandantId, user.id, passwordHash, changedAt);
      await tokens.expireAll(trx, mandantId, user.id);
      return user.id;
    });
    return startSession(mandantId, userId, changedAt, true);
  }

  /**
   * PUT agentur/passwortAendern: the current password (422 PSOF0224), the rules (PSOF0220–0222), a different
   * one (PSOF0226); then every link and every other session ends and a new session answers.
   */
  async function changePassword(
    user: AgencyUser,
    oldPassword: string,
    password: string,
    confirmation: string,
  ): Promise<AgencySessionStart> {
    const row = await db
      .selectFrom('agency_user')
      .select('password_hash')
      .where('mandant_id', '=', user.mandantId)
      .where('id', '=', user.id)
      .executeTakeFirst();
    const oldMatches = row?.password_hash
      ? await deps.passwordHasher.verify(row.password_hash, oldPassword)
      : await deps.passwordHasher.verifyDummy(oldPassword).then(() => false);
    if (!oldMatches)
      throw new ApiProblem('PSOF0224', [{ pointer: '/OldPassword', reason: 'wrong password' }]);
    assertNewPassword(password, confirmation);
    if (password === oldPassword) {
      throw new ApiProblem('PSOF0226', [{ pointer: '/Password', reason: 'same as the current password' }]);
    }
    const passwordHash = await deps.passwordHasher.hash(password);
    const changedAt = deps.now();
    await db.transaction().execute(async (trx) => {
      await setPassword(trx, user.mandantId, user.id, passwordHash, changedAt);
      await tokens.expireAll(trx, user.mandantId, user.id);
    });
    return startSession(user.mandantId, user.id, changedAt, false);
  }

  async function startSession(
    mandantId: string,
    userId: string,
    changedAt: Date,
    mailboxProved: boolean,
  ): Promise<AgencySessionStart> {
    const user = await users.findById(mandantId, userId);
    if (!user) throw new ApiProblem('PSOF0201');
    await afterPasswordChange(changedAt);
    // A link proved the mailbox: earlier wrong-password attempts for this address no longer count.
    if (mailboxProved) {
      await deps.rateLimiter.reset(deps.rateLimitKeys.forEmail('agencyLogin', mandantId, user.email));
    }
    const session = await deps.sessionTokens.issue('agency', mandantId, user.id);
    return { user, session };
  }

  return { requestReset, setPasswordWithLink, changePassword };
}

async function setPassword(
  db: Kysely<DatabaseSchema>,
  mandantId: string,
  userId: string,
  passwordHash: string,
  changedAt: Date,
): Promise<void> {
  await db
    .updateTable('agency_user')
    .set({ password_hash: passwordHash, password_changed_at: changedAt })
    .where('mandant_id', '=', mandantId)
    .where('id', '=', userId)
    .execute();
}

export type AgencyPasswordService = ReturnType<typeof createAgencyPasswordService>;
