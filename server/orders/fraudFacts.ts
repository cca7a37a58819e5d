import { type Kysely, type Selectable, sql } from 'kysely';
import type { DatabaseSchema, RecipientTable, RecommendationTable } from '../db/DatabaseSchema.ts';
import type { FraudFacts } from './fraudChecks.ts';
import type { OrderDeps } from './OrderDeps.ts';

type Db = Kysely<DatabaseSchema>;

/**
 * What the fraud checks look at (fraudChecks.ts stays pure): the two people with their IBANs in clear for
 * the comparison only, the recommender's recommendations in the day before this one, other recommenders
 * with the same IBAN and other friends from the same browser, by keyed fingerprint.
 */
export async function gatherFraudFacts(
  trx: Db,
  deps: Pick<OrderDeps, 'cipher'>,
  mandantId: string,
  recommendation: Pick<
    Selectable<RecommendationTable>,
    'account_id' | 'empfehler_email' | 'empfehler_vorname' | 'empfehler_nachname' | 'created_at'
  >,
  recipient:
    | Pick<Selectable<RecipientTable>, 'id' | 'vorname' | 'nachname' | 'email' | 'iban_encrypted'>
    | undefined,
  alreadyCustomer: boolean,
): Promise<FraudFacts> {
  const madeAt = new Date(recommendation.created_at);
  const bank = recommendation.account_id
    ? await trx
        .selectFrom('bank_account')
        .select('iban_encrypted')
        .where('mandant_id', '=', mandantId)
        .where('account_id', '=', recommendation.account_id)
        .executeTakeFirst()
    : undefined;
  const sameDay = await trx
    .selectFrom('recommendation')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('mandant_id', '=', mandantId)
    .where((eb) =>
      recommendation.account_id
        ? eb('account_id', '=', recommendation.account_id)
        : eb('empfehler_email', '=', recommendation.empfehler_email ?? ''),
    )
    .where('created_at', '>', sql<Date>`${madeAt}::timestamptz - interval '1 day'`)
    .where('created_at', '<=', madeAt)
    .executeTakeFirstOrThrow();
  return {
    recommender: {
      email: recommendation.empfehler_email,
      vorname: recommendation.empfehler_vorname,
      nachname: recommendation.empfehler_nachname,
      iban: bank ? deps.cipher.decrypt(bank.iban_encrypted, `${mandantId}:bank_account`) : null,
    },
    recipient: recipient
      ? {
          email: recipient.email,
          vorname: recipient.vorname,
          nachname: recipient.nachname,
          iban: recipient.iban_encrypted
            ? deps.cipher.decrypt(recipient.iban_encrypted, `${mandantId}:recipient`)
            : null,
        }
      : null,
    recommendationsSameDay: Number(sameDay.n) - 1,
    otherAccountsWithIban: recommendation.account_id
      ? await sharedIbans(trx, mandantId, recommendation.account_id)
      : 0,
    recipientsFromClientSameDay: recipient ? await friendsFromSameClient(trx, mandantId, recipient.id) : 0,
    alreadyCustomer,
  };
}

/** Other accounts whose bank data carries the same IBAN fingerprint as this account's. */
async function sharedIbans(trx: Db, mandantId: string, accountId: string): Promise<number> {
  const row = await trx
    .selectFrom('bank_account as own')
    .innerJoin('bank_account as other', (join) =>
      join
        .onRef('other.mandant_id', '=', 'own.mandant_id')
        .onRef('other.iban_fingerprint', '=', 'own.iban_fingerprint')
        .onRef('other.account_id', '<>', 'own.account_id'),
    )
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('own.mandant_id', '=', mandantId)
    .where('own.account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Other recipients created from this recipient's client (fingerprint) in the day before it. */
async function friendsFromSameClient(trx: Db, mandantId: string, recipientId: string): Promise<number> {
  const row = await trx
    .selectFrom('recipient as own')
    .innerJoin('recipient as other', (join) =>
      join
        .onRef('other.mandant_id', '=', 'own.mandant_id')
        .onRef('other.client_fingerprint', '=', 'own.client_fingerprint')
        .onRef('other.id', '<>', 'own.id'),
    )
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('own.mandant_id', '=', mandantId)
    .where('own.id', '=', recipientId)
    .where('other.created_at', '>', sql<Date>`own.created_at - interval '1 day'`)
    .where('other.created_at', '<=', sql<Date>`own.created_at`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
