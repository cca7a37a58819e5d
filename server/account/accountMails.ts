import type { Executor } from '../mail/mailOutbox.ts';
import type { MailService } from '../mail/mailPlugin.ts';
import type { AccountState } from './accountLifecycleRepository.ts';
import type { AccountTokenRepository } from './accountTokenRepository.ts';

/** A welcome link works a week: registrations are often finished later. A reset link works an hour. */
export const WELCOME_LINK_TTL_MINUTES = 7 * 24 * 60;
export const RESET_LINK_TTL_MINUTES = 60;

/** What the person asked for: to finish a registration (register, resend) or a new password. */
export type AccountMailRequest = 'welcome' | 'reset';

/** Which mail went out; `none` only for a reset of an account that may not log in. */
export type AccountMailSent =
  | { mail: 'welcome' | 'alreadyRegistered' | 'notRegistered' | 'passwordReset' }
  | { mail: 'none'; reason: 'notActive'; accountId: string };

export interface AccountMailDeps {
  tokens: Pick<AccountTokenRepository, 'create'>;
  mail: Pick<MailService, 'enqueue'>;
}

export interface AccountMailAddress {
  mandantId: string;
  /** Normalised. */
  to: string;
  /** Scheme and host of the links (`mail.originFor(request, mandant)`). */
  origin: string;
  /** The request's language: the mail for an address without an account has no account language. */
  requestLanguage: string;
}

/**
 * The one place that decides which account mail an address gets (docs/adr/0009-mail-outbox.md): the HTTP
 * answer is the same for every address, so the mail is what tells the owner of the mailbox what applies.
 *
 * | account                     | welcome asked        | reset asked       |
 * | --------------------------- | -------------------- | ----------------- |
 * | none                        | notRegistered        | notRegistered     |
 * | registered, no password     | welcome (new link)   | passwordReset     |
 * | with password               | alreadyRegistered    | passwordReset     |
 * | not active (blocked …)      | as above             | nothing           |
 *
 * A new link replaces the account's open one of the same purpose. Runs in the caller's transaction `trx`.
 */
export async function queueAccountMail(
  deps: AccountMailDeps,
  trx: Executor,
  address: AccountMailAddress,
  account: AccountState | undefined,
  request: AccountMailRequest,
): Promise<AccountMailSent> {
  const { mandantId, to, origin } = address;
  const mail = { mandantId, to, origin };
  if (!account) {
    await deps.mail.enqueue(trx, {
      ...mail,
      language: address.requestLanguage,
      template: 'notRegistered',
      data: {},
    });
    return { mail: 'notRegistered' };
  }
  if (request === 'reset') {
    if (account.status !== 'active') return { mail: 'none', reason: 'notActive', accountId: account.id };
    const token = await deps.tokens.create(trx, mandantId, account.id, 'reset', RESET_LINK_TTL_MINUTES);
    await deps.mail.enqueue(trx, {
      ...mail,
      language: account.language,
      template: 'passwordReset',
      data: { ...account, token, validMinutes: RESET_LINK_TTL_MINUTES },
    });
    return { mail: 'passwordReset' };
  }
  if (account.hasPassword) {
    await deps.mail.enqueue(trx, {
      ...mail,
      language: account.language,
      template: 'alreadyRegistered',
      data: account,
    });
    return { mail: 'alreadyRegistered' };
  }
  const token = await deps.tokens.create(trx, mandantId, account.id, 'welcome', WELCOME_LINK_TTL_MINUTES);
  await deps.mail.enqueue(trx, {
    ...mail,
    language: account.language,
    template: 'welcome',
    data: { ...account, token, validHours: WELCOME_LINK_TTL_MINUTES / 60 },
  });
  return { mail: 'welcome' };
}

/** Tells the owner that the password was changed (PUT /account/resetPasswordWithoutToken). */
export async function queuePasswordChangedMail(
  deps: Pick<AccountMailDeps, 'mail'>,
  trx: Executor,
  address: Omit<AccountMailAddress, 'requestLanguage'>,
  account: { language: string; vorname: string; nachname: string },
): Promise<void> {
  await deps.mail.enqueue(trx, {
    mandantId: address.mandantId,
    to: address.to,
    language: account.language,
    origin: address.origin,
    template: 'passwordChanged',
    data: account,
  });
}
