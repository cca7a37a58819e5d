import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/DatabaseSchema.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';

export interface RewardContact {
  email: string;
  vorname: string;
  nachname: string;
  language: string;
  wertCent: number;
}

/**
 * Whom a reward's mails go to (issue 13): the recipient for the recipient's part of a split reward, else the
 * recommender's account or the e-mail given when recommending. `preferReceipt` puts the receipt form's
 * address first (RewardDetails: where the person asked a voucher to go). Null when nobody is left to write
 * to (erased data): the reward stays in the personal area.
 */
export async function rewardContact(
  trx: Kysely<DatabaseSchema>,
  mandant: LoadedMandant,
  praemierungId: string,
  options: { preferReceipt?: boolean } = {},
): Promise<RewardContact | null> {
  const row = await trx
    .selectFrom('praemierung')
    .innerJoin('recommendation', 'recommendation.id', 'praemierung.recommendation_id')
    .leftJoin('account', 'account.id', 'praemierung.account_id')
    .leftJoin('recipient', 'recipient.id', 'praemierung.recipient_id')
    .select([
      'praemierung.wert_cent',
      'praemierung.beneficiary',
      'praemierung.empfaenger_email as receipt_email',
      'praemierung.empfaenger_vorname as receipt_vorname',
      'praemierung.empfaenger_nachname as receipt_nachname',
      'account.email as account_email',
      'account.vorname as account_vorname',
      'account.nachname as account_nachname',
      'account.language as account_language',
      'recommendation.empfehler_email',
      'recommendation.empfehler_vorname',
      'recommendation.empfehler_nachname',
      'recipient.email as recipient_email',
      'recipient.vorname as recipient_vorname',
      'recipient.nachname as recipient_nachname',
    ])
    .where('praemierung.mandant_id', '=', mandant.id)
    .where('praemierung.id', '=', praemierungId)
    .executeTakeFirst();
  if (!row) return null;
  const fallbackLanguage = mandant.config.SupportedLanguage.Standard;
  const person =
    row.beneficiary === 'recipient'
      ? {
          email: row.recipient_email,
          vorname: row.recipient_vorname,
          nachname: row.recipient_nachname,
          language: null,
        }
      : row.account_email
        ? {
            email: row.account_email,
            vorname: row.account_vorname,
            nachname: row.account_nachname,
            language: row.account_language,
          }
        : {
            email: row.empfehler_email,
            vorname: row.empfehler_vorname,
            nachname: row.empfehler_nachname,
            language: null,
          };
  const receipt =
    options.preferReceipt && row.receipt_email
      ? { email: row.receipt_email, vorname: row.receipt_vorname, nachname: row.receipt_nachname }
      : null;
  const chosen = receipt ?? person;
  if (!chosen.email) return null;
  return {
    email: chosen.email,
    vorname: chosen.vorname ?? '',
    nachname: chosen.nachname ?? '',
    language: person.language ?? fallbackLanguage,
    wertCent: row.wert_cent,
  };
}
