import type { Kysely } from 'kysely';
import type { ValidateResetPasswordResponse } from '../../schemas/account.ts';
import type { PasswordHasher } from '../auth/passwordHasher.ts';
import type { SessionTokens } from '../auth/SessionTokens.ts';
import type { DatabaseSchema } from '../db/DatabaseSchema.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import type { MailService } from '../mail/mailPlugin.ts';
import type { RateLimiter } from '../rateLimit/RateLimiter.ts';
import type { RateLimitKeys } from '../rateLimit/RateLimitKeys.ts';
import type { AccountLifecycleRepository } from './accountLifecycleRepository.ts';
import {
  type AccountMailAddress,
  type AccountMailSent,
  queueAccountMail,
  queuePasswordChangedMail,
} from './accountMails.ts';
import type { Account, AccountRepository } from './accountRepository.ts';
import type { AccountTokenRepository } from './accountTokenRepository.ts';
import { assertCanLogIn } from './assertCanLogIn.ts';
import { assertNewPassword } from './passwordProblems.ts';
import { afterPasswordChange } from './sessionAccount.ts';

/**
 * What the account lifecycle needs: plain values, never the Fastify app. `now` is the wall clock of a
 * password change; it must be the clock of the session tokens' `iat` (sessionAccount.ts), so it is not
 * the programme's clock that tests move.
 */
export interface AccountServiceDeps {
  db: Kysely<DatabaseSchema>;
  accounts: AccountRepository;
  lifecycle: AccountLifecycleRepository;
  tokens: AccountTokenRepository;
  mail: Pick<MailService, 'enqueue' | 'kick'>;
  passwordHasher: PasswordHasher;
  sessionTokens: Pick<SessionTokens, 'issue'>;
  rateLimiter: Pick<RateLimiter, 'reset'>;
  rateLimitKeys: Pick<RateLimitKeys, 'forEmail'>;
  now: () => Date;
}

export interface Registration extends AccountMailAddress {
  vorname: string;
  nachname: string;
}

/** A logged-in account and its new session token. */
export interface SessionStart {
  account: Account;
  session: string;
}

/**
 * SPEC 7, Account — the lifecycle behind accountLifecycleRoutes.ts: registration, resending the welcome
 * mail, forgotten password, set-password links and password changes. Every mail is written to the outbox
 * in the transaction of the change it belongs to; which mail an address gets is accountMails.ts' decision.
 */
export function createAccountService(deps: AccountServiceDeps) {
  const { db, accounts, lifecycle, tokens, mail } = deps;

  /** POST /account/createEmpfehler: an account without password for a new address, then its mail. */
  async function register(registration: Registration): Promise<void> {
    const { vorname, nachname, ...address } = registration;
    await db.transaction().execute(async (trx) => {
      const existing = await lifecycle.lockByEmail(trx, address.mandantId, address.to);
      const account =
        existing ??
        (await lifecycle.register(trx, {
          mandantId: address.mandantId,
          email: address.to,
          vorname,
          nachname,
          language: address.requestLanguage,
        }));
      // A registration racing this one for the same address: it made the account and sent the mail.
      if (!account) return;
      await queueAccountMail(deps, trx, address, account, 'welcome');
    });
    mail.kick();
  }

  /** GET /account/resendWelcomeMail and GET /account/resetPassword: the mail the address's state calls for. */
  async function requestMail(
    address: AccountMailAddress,
    request: 'welcome' | 'reset',
  ): Promise<AccountMailSent> {
    const sent = await db.transaction().execute(async (trx) => {
      const account = await lifecycle.lockByEmail(trx, address.mandantId, address.to);
      return queueAccountMail(deps, trx, address, account, request);
    });
    mail.kick();
    return sent;
  }

  /** PUT /account/validateResetPassword: what a link would do, without using it. */
  async function checkLink(mandantId: string, token: string): Promise<ValidateResetPasswordResponse> {
    const use = await tokens.check(mandantId, token);
    if (use.outcome === 'used') throw new ApiProblem('PSOF0209');
    const account =
      use.outcome === 'accepted' ? await accounts.findById(mandantId, use.accountId) : undefined;
    if (use.outcome !== 'accepted' || !account) throw new ApiProblem('PSOF0201');
    assertCanLogIn(account);
    return { Purpose: use.purpose, Email: account.email, Vorname: account.vorname };
  }

  /** PUT /account/resetPassword: uses the link, sets the password, ends the other sessions and logs in. */
  async function setPasswordWithLink(
    mandantId: string,
    token: string,
    password: string,
    confirmation: string,
  ): Promise<SessionStart> {
    assertNewPassword(password, confirmation);
    const passwordHash = await deps.passwordHasher.hash(password);
    const changedAt = deps.now();
    const accountId = await db.transaction().execute(async (trx) => {
      const use = await tokens.use(trx, mandantId, token);
      if (use.outcome === 'used') throw new ApiProblem('PSOF0209');
      const account =
        use.outcome === 'accepted' ? await lifecycle.lockById(trx, mandantId, use.accountId) : undefined;
      if (!account) throw new ApiProblem('PSOF0201');
      // Thrown inside the transaction: a blocked account's link is not used up and nothing changes.
      assertCanLogIn(account);
      await lifecycle.setPassword(trx, mandantId, account.id, passwordHash, changedAt);
      await tokens.expireAll(trx, mandantId, account.id);
      return account.id;
    });
    const account = await accounts.findById(mandantId, accountId);
    if (!account) throw new ApiProblem('PSOF0201');
    await afterPasswordChange(changedAt);
    // The link proved the mailbox: earlier wrong-password attempts for this address no longer count.
    await deps.rateLimiter.reset(deps.rateLimitKeys.forEmail('login', mandantId, account.email));
    const session = await deps.sessionTokens.issue('user', mandantId, account.id);
    return { account, session };
  }

  /**
   * PUT /account/resetPasswordWithoutToken, after the current password was checked (checkCurrentPassword):
   * sets the new one, ends every link and session, tells the owner by mail, and answers a new session.
   */
  async function changePassword(account: Account, password: string, origin: string): Promise<SessionStart> {
    const passwordHash = await deps.passwordHasher.hash(password);
    const changedAt = deps.now();
    await db.transaction().execute(async (trx) => {
      await lifecycle.setPassword(trx, account.mandantId, account.id, passwordHash, changedAt);
      await tokens.expireAll(trx, account.mandantId, account.id);
      await queuePasswordChangedMail(
        deps,
        trx,
        { mandantId: account.mandantId, to: account.email, origin },
        account,
      );
    });
    mail.kick();
    await afterPasswordChange(changedAt);
    const session = await deps.sessionTokens.issue('user', account.mandantId, account.id);
    const updated = await accounts.findById(account.mandantId, account.id);
    return { account: updated ?? account, session };
  }

  /** The checks of a password change before anything is written: 422 PSOF0224, PSOF0220–0222, PSOF0226. */
  async function checkCurrentPassword(
    account: Account,
    oldPassword: string,
    password: string,
    confirmation: string,
  ): Promise<void> {
    const oldMatches = account.passwordHash
      ? await deps.passwordHasher.verify(account.passwordHash, oldPassword)
      : false;
    if (!oldMatches)
      throw new ApiProblem('PSOF0224', [{ pointer: '/OldPassword', reason: 'wrong password' }]);
    assertNewPassword(password, confirmation);
    if (password === oldPassword) {
      throw new ApiProblem('PSOF0226', [{ pointer: '/Password', reason: 'same as the current password' }]);
    }
  }

  return { register, requestMail, checkLink, setPasswordWithLink, checkCurrentPassword, changePassword };
}

export type AccountService = ReturnType<typeof createAccountService>;
