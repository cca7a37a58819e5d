import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { checkIban, maskIban, normaliseIban } from '../../domain/iban.ts';
import { type Bankdaten, type BankdatenRequest, checkName } from '../../schemas/personalArea.ts';
import type { Fingerprints } from '../crypto/Fingerprints.ts';
import type { FieldCipher } from '../crypto/fieldCipher.ts';
import type { DatabaseSchema } from '../db/DatabaseSchema.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';

/** What reading and writing bank details needs: the database and the IBAN cipher and fingerprints. */
export interface BankDetailsDeps {
  db: Kysely<DatabaseSchema>;
  cipher: FieldCipher;
  fingerprints: Fingerprints;
}

/** The cipher context of recommender bank data (journey contract): bound to mandant and table. */
export function bankDetailsCipherContext(mandantId: string): string {
  return `${mandantId}:bank_account`;
}

/** The stored bank data with the IBAN masked, or null (SPEC: a null response means empty). */
export async function readBankDetails(
  deps: BankDetailsDeps,
  mandantId: string,
  accountId: string,
): Promise<Bankdaten | null> {
  const row = await deps.db
    .selectFrom('bank_account')
    .select(['iban_encrypted', 'kontoinhaber'])
    .where('mandant_id', '=', mandantId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    IBAN: maskIban(deps.cipher.decrypt(row.iban_encrypted, bankDetailsCipherContext(mandantId))),
    Kontoinhaber: row.kontoinhaber,
  };
}

/** The IBAN in full, for the owner's data export only (docs/adr/0011-erasure-and-export.md). */
export async function readFullIban(
  deps: BankDetailsDeps,
  mandantId: string,
  accountId: string,
): Promise<{ IBAN: string; Kontoinhaber: string } | null> {
  const row = await deps.db
    .selectFrom('bank_account')
    .select(['iban_encrypted', 'kontoinhaber'])
    .where('mandant_id', '=', mandantId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    IBAN: deps.cipher.decrypt(row.iban_encrypted, bankDetailsCipherContext(mandantId)),
    Kontoinhaber: row.kontoinhaber,
  };
}

/**
 * Validates and stores the bank data (one row per account, replaced on change), the IBAN encrypted.
 * SPEC 5: '{field} ist nicht gültig' (PSOF0240 IBAN, PSOF0241 Kontoinhaber); ModuleIBANNurDE allows only
 * German IBANs (PSOF0242); without ModuleStoringBankdata nothing is stored (PSOF0243).
 */
export async function storeBankDetails(
  deps: BankDetailsDeps,
  mandant: LoadedMandant,
  accountId: string,
  request: BankdatenRequest,
): Promise<Bankdaten> {
  if (!mandant.config.ModuleStoringBankdata) throw new ApiProblem('PSOF0243');
  const problem = checkIban(request.IBAN, { germanOnly: mandant.config.ModuleIBANNurDE });
  if (problem === 'invalid')
    throw new ApiProblem('PSOF0240', [{ pointer: '/IBAN', reason: 'not a valid IBAN' }]);
  if (problem === 'notGerman') {
    throw new ApiProblem('PSOF0242', [{ pointer: '/IBAN', reason: 'only German IBANs (ModuleIBANNurDE)' }]);
  }
  const accountHolder = request.Kontoinhaber.trim().replace(/\s+/g, ' ');
  if (checkName(accountHolder) !== null) {
    throw new ApiProblem('PSOF0241', [{ pointer: '/Kontoinhaber', reason: 'required, letters only' }]);
  }
  const iban = normaliseIban(request.IBAN);
  const encrypted = deps.cipher.encrypt(iban, bankDetailsCipherContext(mandant.id));
  const fingerprint = deps.fingerprints.of('iban', mandant.id, iban);
  await deps.db
    .insertInto('bank_account')
    .values({
      account_id: accountId,
      mandant_id: mandant.id,
      iban_encrypted: encrypted,
      iban_fingerprint: fingerprint,
      kontoinhaber: accountHolder,
    })
    .onConflict((conflict) =>
      conflict.column('account_id').doUpdateSet({
        iban_encrypted: encrypted,
        iban_fingerprint: fingerprint,
        kontoinhaber: accountHolder,
        updated_at: sql<Date>`now()`,
      }),
    )
    .execute();
  return { IBAN: maskIban(iban), Kontoinhaber: accountHolder };
}

export async function deleteBankDetails(
  deps: BankDetailsDeps,
  mandantId: string,
  accountId: string,
): Promise<void> {
  await deps.db
    .deleteFrom('bank_account')
    .where('mandant_id', '=', mandantId)
    .where('account_id', '=', accountId)
    .execute();
}
