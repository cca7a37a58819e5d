import type { Kysely, Selectable } from 'kysely';
import { checkIban, maskIban, normaliseIban } from '../../../domain/iban.ts';
import type {
  AgenturStammdaten,
  AgenturStammdatenRequest,
  AgenturVariable,
} from '../../../schemas/agencyAdmin.ts';
import type { FieldCipher } from '../../crypto/fieldCipher.ts';
import type { DatabaseSchema } from '../../db/DatabaseSchema.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import type { AgencyScope } from '../rewardPlan/rewardPlan.ts';

export interface MasterDataDeps {
  db: Kysely<DatabaseSchema>;
  /** The server's field cipher (app.fieldCipher), as bank_account uses it. */
  cipher: FieldCipher;
}

/** The cipher context of an agency's IBAN: bound to mandant and table, like bank_account's. */
export function agencyIbanCipherContext(mandantId: string): string {
  return `${mandantId}:agency`;
}

const COLUMNS = [
  'agenturnummer',
  'firma',
  'strasse',
  'plz',
  'ort',
  'ust_id',
  'steuernummer',
  'kontakt_name',
  'kontakt_email',
  'kontakt_telefon',
  'iban_encrypted',
  'kontoinhaber',
] as const;

type AgencyRow = Pick<Selectable<DatabaseSchema['agency']>, (typeof COLUMNS)[number]>;

/** The agency's row (scoped); its absence is a broken token, not a user error. */
export async function readAgencyRow(db: Kysely<DatabaseSchema>, scope: AgencyScope) {
  return db
    .selectFrom('agency')
    .select(COLUMNS)
    .where('mandant_id', '=', scope.mandantId)
    .where('id', '=', scope.agencyId)
    .executeTakeFirstOrThrow();
}

/** The stored IBAN in full (invoices need the masked one only; kept here next to the cipher context). */
export function decryptAgencyIban(
  cipher: FieldCipher,
  mandantId: string,
  encrypted: string | null,
): string | null {
  return encrypted === null ? null : cipher.decrypt(encrypted, agencyIbanCipherContext(mandantId));
}

function toStammdaten(cipher: FieldCipher, mandantId: string, row: AgencyRow): AgenturStammdaten {
  const iban = decryptAgencyIban(cipher, mandantId, row.iban_encrypted);
  return {
    Agenturnummer: row.agenturnummer,
    Firma: row.firma,
    Strasse: row.strasse,
    Plz: row.plz,
    Ort: row.ort,
    UstId: row.ust_id,
    Steuernummer: row.steuernummer,
    KontaktName: row.kontakt_name,
    KontaktEmail: row.kontakt_email,
    KontaktTelefon: row.kontakt_telefon,
    IBAN: iban === null ? null : maskIban(iban),
    Kontoinhaber: row.kontoinhaber,
  };
}

/**
 * An agency's account holder is often a company ('Müller & Söhne GmbH', '4U Agentur'): letters, digits and
 * the punctuation of company names, at most 70 characters (a SEPA name).
 */
const ACCOUNT_HOLDER = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} .,'’&+/()-]{0,69}$/u;

/** SPEC 6 master data, the IBAN masked. */
export async function readMasterData(deps: MasterDataDeps, scope: AgencyScope): Promise<AgenturStammdaten> {
  return toStammdaten(deps.cipher, scope.mandantId, await readAgencyRow(deps.db, scope));
}

/**
 * Stores the master data. The IBAN (when given) must be valid (422 PSOF0643, SPEC 5 'IBAN ist nicht
 * gültig') and is stored encrypted; an account holder is then required (422 PSOF0644). IBAN null or left
 * out keeps the stored account; '' removes it.
 */
export async function storeMasterData(
  deps: MasterDataDeps,
  scope: AgencyScope,
  request: AgenturStammdatenRequest,
): Promise<AgenturStammdaten> {
  const tidy = (value: string) => value.trim().replace(/\s+/g, ' ');
  const bank: { iban_encrypted?: string | null; kontoinhaber?: string | null } = {};
  if (request.IBAN === '') {
    bank.iban_encrypted = null;
    bank.kontoinhaber = null;
  } else if (request.IBAN != null) {
    if (checkIban(request.IBAN) !== null) {
      throw new ApiProblem('PSOF0643', [{ pointer: '/IBAN', reason: 'not a valid IBAN' }]);
    }
    const holder = tidy(request.Kontoinhaber ?? '');
    if (!ACCOUNT_HOLDER.test(holder)) {
      throw new ApiProblem('PSOF0644', [
        { pointer: '/Kontoinhaber', reason: 'required, at most 70 characters' },
      ]);
    }
    bank.iban_encrypted = deps.cipher.encrypt(
      normaliseIban(request.IBAN),
      agencyIbanCipherContext(scope.mandantId),
    );
    bank.kontoinhaber = holder;
  }
  await deps.db
    .updateTable('agency')
    .set({
      firma: tidy(request.Firma),
      strasse: tidy(request.Strasse),
      plz: tidy(request.Plz),
      ort: tidy(request.Ort),
      ust_id: (request.UstId ?? '').replace(/\s+/g, '').toUpperCase(),
      steuernummer: tidy(request.Steuernummer ?? ''),
      kontakt_name: tidy(request.KontaktName ?? ''),
      kontakt_email: (request.KontaktEmail ?? '').trim().toLowerCase(),
      kontakt_telefon: tidy(request.KontaktTelefon ?? ''),
      ...bank,
    })
    .where('mandant_id', '=', scope.mandantId)
    .where('id', '=', scope.agencyId)
    .execute();
  return readMasterData(deps, scope);
}

/** The agency's variables as the list the call answers (in name order). */
export function variableList(variables: Record<string, string>): AgenturVariable[] {
  return Object.keys(variables)
    .sort()
    .map((Name) => ({ Name, Value: variables[Name] ?? '' }));
}

/**
 * PUT content/agenturvariables/{id}: the list replaces the agency's variables. A name given twice: 400
 * PSOF0013 pointing at the second.
 */
export async function storeAgencyVariables(
  db: Kysely<DatabaseSchema>,
  scope: AgencyScope,
  list: readonly AgenturVariable[],
): Promise<AgenturVariable[]> {
  const variables: Record<string, string> = {};
  const duplicates = list.flatMap((entry, index) => {
    if (Object.hasOwn(variables, entry.Name)) return [{ pointer: `/${index}/Name`, reason: 'given twice' }];
    variables[entry.Name] = entry.Value;
    return [];
  });
  if (duplicates.length > 0) throw new ApiProblem('PSOF0013', duplicates);
  const row = await db
    .updateTable('agency')
    .set({ variables: JSON.stringify(variables) })
    .where('mandant_id', '=', scope.mandantId)
    .where('id', '=', scope.agencyId)
    .returning('variables')
    .executeTakeFirstOrThrow();
  return variableList(row.variables);
}
