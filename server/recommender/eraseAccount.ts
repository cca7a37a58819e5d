import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { TokenClaims } from '../../schemas/account.ts';
import type { Account } from '../account/accountRepository.ts';
import type { SessionTokens } from '../auth/SessionTokens.ts';
import type { DatabaseSchema } from '../db/DatabaseSchema.ts';
import type { MailService } from '../mail/mailPlugin.ts';
import { type Owner, ownedRecommendationIds } from './ownership.ts';

/** What an erasure touches beyond the database: the outbox's mails and the caller's session. */
export interface EraseAccountDeps {
  db: Kysely<DatabaseSchema>;
  mail: Pick<MailService, 'eraseRecipient'>;
  sessionTokens: Pick<SessionTokens, 'revoke'>;
}

/**
 * DELETE /empfehler/delete: erases the person for real (GDPR Art. 17, docs/adr/0011-erasure-and-export.md),
 * in one transaction, within the account's mandant:
 *
 * - rewards (praemierung): kept for accounting with amount, status, chosen reward and recommendation, but
 *   without account, receipt form, customer number and reward link;
 * - recommendations made by the account or with its e-mail: kept with number, product, status and dates,
 *   without name, e-mail, company and links back (erased_at set);
 * - where the person was a recipient under the same e-mail: name, e-mail and bank data removed like the
 *   12-week deletion does, their tracking completion deleted;
 * - mails to the address are deleted from the outbox;
 * - the account row is deleted; with it go its bank data, login, welcome/reset and newsletter links
 *   (on delete cascade) and the link of its consent log entries (on delete set null: the proof of what was
 *   consented stays, whose it was does not).
 *
 * Every session ends: a token of a deleted account is refused (sessionAccount), and the caller's token is
 * revoked as well.
 */
export async function eraseAccount(
  deps: EraseAccountDeps,
  account: Account,
  claims: TokenClaims,
): Promise<void> {
  await deps.db.transaction().execute((trx) => eraseAccountIn(trx, deps.mail, account));
  await deps.sessionTokens.revoke(claims);
}

/** What an erasure removed or anonymised: counts only, never the data (the back office's audit entry). */
export interface ErasureCounts {
  recommendations: number;
  rewards: number;
  asRecipient: number;
}

/**
 * The erasure itself in the caller's transaction `trx` (the table in docs/adr/0011-erasure-and-export.md):
 * the recommender's own DELETE /empfehler/delete and the back office's erasure on request (issue 15), which
 * writes its audit entry in the same transaction. Sessions of the account end because it is gone.
 */
export async function eraseAccountIn(
  trx: Kysely<DatabaseSchema>,
  mail: Pick<MailService, 'eraseRecipient'>,
  account: Pick<Account, 'mandantId' | 'id' | 'email'>,
): Promise<ErasureCounts> {
  const owner: Owner = { mandantId: account.mandantId, accountId: account.id, email: account.email };
  // The owner's recommendations as a subquery, never as a list of ids: 70,000 ids would pass PostgreSQL's
  // 65,535 bind parameters (issue 17). Each statement reads them as they were when it started.
  const recommendationIds = ownedRecommendationIds(trx, owner);
  const rewards = await trx
    .updateTable('praemierung')
    .set({
      account_id: null,
      empfaenger_vorname: null,
      empfaenger_nachname: null,
      empfaenger_email: null,
      kundennummer: null,
      token_hash: null,
      token_expires_at: null,
    })
    .where('mandant_id', '=', owner.mandantId)
    .where((eb) =>
      eb.or([eb('account_id', '=', owner.accountId), eb('recommendation_id', 'in', recommendationIds)]),
    )
    .executeTakeFirst();
  const recommendations = await trx
    .updateTable('recommendation')
    .set({
      account_id: null,
      empfehler_vorname: null,
      empfehler_nachname: null,
      empfehler_email: null,
      empfehler_firma: null,
      idempotency_key: null,
      optin_token_hash: null,
      erased_at: sql<Date>`now()`,
    })
    .where('mandant_id', '=', owner.mandantId)
    .where('id', 'in', recommendationIds)
    .executeTakeFirst();
  const asRecipient = await trx
    .updateTable('recipient')
    .set({
      vorname: null,
      nachname: null,
      email: null,
      iban_encrypted: null,
      iban_fingerprint: null,
      client_fingerprint: null,
      kontoinhaber: null,
      erased_at: sql<Date>`now()`,
    })
    .where('mandant_id', '=', owner.mandantId)
    .where('email', '=', owner.email)
    .returning('id')
    .execute();
  if (asRecipient.length > 0) {
    await trx
      .deleteFrom('tracking_completion')
      .where('mandant_id', '=', owner.mandantId)
      .where(
        'recipient_id',
        'in',
        asRecipient.map((row) => row.id),
      )
      .execute();
  }
  await mail.eraseRecipient(trx, owner.mandantId, owner.email);
  await trx
    .deleteFrom('account')
    .where('mandant_id', '=', owner.mandantId)
    .where('id', '=', owner.accountId)
    .execute();
  return {
    recommendations: Number(recommendations.numUpdatedRows),
    rewards: Number(rewards.numUpdatedRows),
    asRecipient: asRecipient.length,
  };
}
