import { randomInt } from 'node:crypto';
import type { Insertable, Kysely, Selectable } from 'kysely';
import { checkIban, maskIban, normaliseIban } from '../../../domain/iban.ts';
import type { BankDetailsForm } from '../../../schemas/forms/bankDetails.ts';
import type { ProfiDataForm, ProfiRegistrationForm } from '../../../schemas/forms/profiSeller.ts';
import { checkName } from '../../../schemas/personalArea.ts';
import type { ProfiArt, ProfiDaten, ProfiSteuerstatus } from '../../../schemas/profi.ts';
import { checkProfiData, normaliseUstId } from '../../../schemas/profiRules.ts';
import type { AccountLifecycleRepository } from '../../account/accountLifecycleRepository.ts';
import { WELCOME_LINK_TTL_MINUTES } from '../../account/accountMails.ts';
import type { AccountTokenRepository } from '../../account/accountTokenRepository.ts';
import type { Fingerprints } from '../../crypto/Fingerprints.ts';
import type { FieldCipher } from '../../crypto/fieldCipher.ts';
import type { DatabaseSchema, ProfiSellerTable } from '../../db/DatabaseSchema.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import type { MailService } from '../../mail/mailPlugin.ts';
import type { LoadedMandant } from '../../mandants/LoadedMandant.ts';

type Executor = Kysely<DatabaseSchema>;

/** The version of the seller agreement when the mandant names none (`programme.profiAgreementVersion`). */
export const PROFI_AGREEMENT_VERSION = 'v1';

/** The agreement version the mandant asks its sellers to accept (the overview's task `Vereinbarung`). */
export function currentAgreementVersion(mandant: Pick<LoadedMandant, 'config'>): string {
  return mandant.config.programme.profiAgreementVersion ?? PROFI_AGREEMENT_VERSION;
}

/** The cipher context of a seller's IBAN: bound to mandant and table, like bank_account's. */
export function profiIbanCipherContext(mandantId: string): string {
  return `${mandantId}:profi_seller`;
}

/** The seller's IBAN in full (payouts), or null when none is stored. */
export function decryptProfiIban(
  cipher: FieldCipher,
  mandantId: string,
  encrypted: string | null,
): string | null {
  return encrypted === null ? null : cipher.decrypt(encrypted, profiIbanCipherContext(mandantId));
}

/** What the seller routes need: the database, the IBAN cipher and fingerprints, the account lifecycle. */
export interface ProfiSellerDeps {
  db: Executor;
  cipher: FieldCipher;
  fingerprints: Fingerprints;
}

export interface ProfiRegistrationDeps extends ProfiSellerDeps {
  lifecycle: AccountLifecycleRepository;
  tokens: Pick<AccountTokenRepository, 'create'>;
  mail: Pick<MailService, 'enqueue' | 'kick'>;
}

/** The seller's scope: every read and write names mandant and seller. */
export interface ProfiScope {
  mandantId: string;
  sellerId: string;
}

const ART_TO_ROW = { Person: 'person', Firma: 'firma' } as const satisfies Record<ProfiArt, string>;
const ART_FROM_ROW = { person: 'Person', firma: 'Firma' } as const;
const STATUS_TO_ROW = {
  Kleinunternehmer: 'kleinunternehmer',
  Regelbesteuert: 'regelbesteuert',
} as const satisfies Record<ProfiSteuerstatus, string>;
const STATUS_FROM_ROW = { kleinunternehmer: 'Kleinunternehmer', regelbesteuert: 'Regelbesteuert' } as const;

/** The seller's data as the columns take it, after the rules (422 with the catalogue's code otherwise). */
interface SellerColumns {
  vorname: string;
  nachname: string;
  row: Pick<
    Selectable<ProfiSellerTable>,
    'art' | 'firma' | 'strasse' | 'plz' | 'ort' | 'telefon' | 'steuerstatus' | 'steuernummer' | 'ust_id'
  >;
}

const trim = (value: string | undefined) => (value ?? '').trim().replace(/\s+/g, ' ');

/**
 * Checks the rules a schema cannot state (schemas/profiRules.ts) and returns the columns. The first problem
 * is the answer's code; every problem is in its details. A field whose schema pattern lets only spaces
 * through (the Plz) is 400 PSOF0013 like any other shape problem.
 */
export function sellerColumns(data: ProfiDataForm): SellerColumns {
  const problems = checkProfiData(data);
  const first = problems[0];
  if (first) {
    throw new ApiProblem(
      first.code,
      problems.map((problem) => ({ pointer: problem.pointer, reason: problem.code })),
    );
  }
  const plz = trim(data.Plz);
  if (plz.length < 3) throw new ApiProblem('PSOF0013', [{ pointer: '/Plz', reason: 'too short' }]);
  const art = data.Art === 'Firma' ? 'Firma' : 'Person';
  return {
    vorname: trim(data.Vorname),
    nachname: trim(data.Nachname),
    row: {
      art: ART_TO_ROW[art],
      firma: art === 'Firma' ? trim(data.Firma) : '',
      strasse: trim(data.Strasse),
      plz,
      ort: trim(data.Ort),
      telefon: trim(data.Telefon),
      steuerstatus:
        STATUS_TO_ROW[data.Steuerstatus === 'Kleinunternehmer' ? 'Kleinunternehmer' : 'Regelbesteuert'],
      steuernummer: trim(data.Steuernummer),
      ust_id: normaliseUstId(data.UstId ?? ''),
    },
  };
}

/** The encrypted bank columns, after the IBAN rules (PSOF0240, PSOF0242 with ModuleIBANNurDE) and the holder's (PSOF0241). */
export function bankColumns(
  deps: Pick<ProfiSellerDeps, 'cipher' | 'fingerprints'>,
  mandant: LoadedMandant,
  bank: BankDetailsForm,
): Pick<Selectable<ProfiSellerTable>, 'iban_encrypted' | 'iban_fingerprint' | 'kontoinhaber'> {
  const problem = checkIban(bank.IBAN ?? '', { germanOnly: mandant.config.ModuleIBANNurDE });
  if (problem === 'invalid')
    throw new ApiProblem('PSOF0240', [{ pointer: '/IBAN', reason: 'not a valid IBAN' }]);
  if (problem === 'notGerman') {
    throw new ApiProblem('PSOF0242', [{ pointer: '/IBAN', reason: 'only German IBANs (ModuleIBANNurDE)' }]);
  }
  const holder = trim(bank.Kontoinhaber);
  // The column holds 70 characters (a SEPA name); the form's field allows longer names.
  if (checkName(holder) !== null || holder.length > 70) {
    throw new ApiProblem('PSOF0241', [
      { pointer: '/Kontoinhaber', reason: 'required, letters only, 70 at most' },
    ]);
  }
  const iban = normaliseIban(bank.IBAN ?? '');
  return {
    iban_encrypted: deps.cipher.encrypt(iban, profiIbanCipherContext(mandant.id)),
    iban_fingerprint: deps.fingerprints.of('iban', mandant.id, iban),
    kontoinhaber: holder,
  };
}

/** A fresh seller number: P- and six digits; a taken one is drawn again (unique per mandant). */
function drawProfinummer(): string {
  return `P-${randomInt(100_000, 1_000_000)}`;
}

/** Inserts the seller row with a number not yet taken in the mandant (ON CONFLICT on the number: draw again). */
export async function insertSeller(
  trx: Executor,
  values: Omit<Insertable<ProfiSellerTable>, 'profinummer'>,
): Promise<{ id: string; profinummer: string }> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const row = await trx
      .insertInto('profi_seller')
      .values({ ...values, profinummer: drawProfinummer() })
      .onConflict((conflict) => conflict.columns(['mandant_id', 'profinummer']).doNothing())
      .returning(['id', 'profinummer'])
      .executeTakeFirst();
    if (row) return row;
  }
  throw new Error('no free profinummer after 20 draws');
}

export interface ProfiRegistration {
  mandant: LoadedMandant;
  /** Normalised and allowed (the route checked it). */
  email: string;
  form: ProfiRegistrationForm;
  /** The account of a valid recommender session sent with the request, if any. */
  sessionAccountId: string | undefined;
  origin: string;
  requestLanguage: string;
}

/** What the registration did (for the log; the answer is the same 201 for the last three). */
export type ProfiRegistrationOutcome = 'newAccount' | 'attached' | 'existingAccountMailed';

/** The registration's data after every rule, ready to be written. */
export interface CheckedRegistration {
  columns: SellerColumns;
  bank: Partial<Pick<Selectable<ProfiSellerTable>, 'iban_encrypted' | 'iban_fingerprint' | 'kontoinhaber'>>;
  agreement: { vereinbarung_version?: string; vereinbarung_at?: Date };
}

/**
 * The registration's rules before anything else (the route checks them before the captcha, so a typo does
 * not cost a new puzzle): the seller's data, and the bank data when an IBAN or a holder was given.
 */
export function checkRegistration(
  deps: Pick<ProfiSellerDeps, 'cipher' | 'fingerprints'>,
  mandant: LoadedMandant,
  form: ProfiRegistrationForm,
): CheckedRegistration {
  const columns = sellerColumns(form);
  const hasBank = trim(form.IBAN) !== '' || trim(form.Kontoinhaber) !== '';
  return {
    columns,
    bank: hasBank ? bankColumns(deps, mandant, { IBAN: form.IBAN, Kontoinhaber: form.Kontoinhaber }) : {},
    agreement:
      form.Vereinbarung === true
        ? { vereinbarung_version: currentAgreementVersion(mandant), vereinbarung_at: new Date() }
        : {},
  };
}

/**
 * POST profi/registrieren in one transaction (issue 16):
 * - a new address: an account without password (the account lifecycle's `register`), the seller row, and
 *   the profi welcome mail with the set-password link;
 * - the address of the logged-in recommender: the seller row on that account, and the welcome mail
 *   without a link;
 * - another existing account: nothing written, a mail to sign in first (a stranger must not make someone's
 *   account a seller with their own bank data);
 * - an address that is a seller already: 409 PSOF0946.
 * Every check runs before the first write; a refusal leaves nothing behind.
 */
export async function registerSeller(
  deps: ProfiRegistrationDeps,
  registration: ProfiRegistration,
  checked: CheckedRegistration = checkRegistration(deps, registration.mandant, registration.form),
): Promise<ProfiRegistrationOutcome> {
  const { mandant, email } = registration;
  const { columns, bank, agreement } = checked;
  const mailBase = { mandantId: mandant.id, to: email, origin: registration.origin };

  const outcome = await deps.db.transaction().execute(async (trx) => {
    const existing = await deps.lifecycle.lockByEmail(trx, mandant.id, email);
    if (existing) {
      const seller = await trx
        .selectFrom('profi_seller')
        .select('id')
        .where('mandant_id', '=', mandant.id)
        .where('account_id', '=', existing.id)
        .executeTakeFirst();
      if (seller) throw new ApiProblem('PSOF0946');
      if (existing.id !== registration.sessionAccountId) {
        await deps.mail.enqueue(trx, {
          ...mailBase,
          language: existing.language,
          template: 'profiExistingAccount',
          data: { vorname: existing.vorname, nachname: existing.nachname },
        });
        return 'existingAccountMailed' as const;
      }
    }
    const account =
      existing ??
      (await deps.lifecycle.register(trx, {
        mandantId: mandant.id,
        email,
        vorname: columns.vorname,
        nachname: columns.nachname,
        language: registration.requestLanguage,
      }));
    // A registration racing this one made the account a moment ago: it is that one's to finish.
    if (!account) throw new ApiProblem('PSOF0946');
    const seller = await insertSeller(trx, {
      mandant_id: mandant.id,
      account_id: account.id,
      ...columns.row,
      ...bank,
      ...agreement,
    });
    const token = existing
      ? null
      : await deps.tokens.create(trx, mandant.id, account.id, 'welcome', WELCOME_LINK_TTL_MINUTES);
    await deps.mail.enqueue(trx, {
      ...mailBase,
      language: account.language,
      template: 'profiWelcome',
      data: {
        vorname: account.vorname,
        nachname: account.nachname,
        profinummer: seller.profinummer,
        token,
        validHours: WELCOME_LINK_TTL_MINUTES / 60,
      },
    });
    return existing ? ('attached' as const) : ('newAccount' as const);
  });
  deps.mail.kick();
  return outcome;
}

/** GET profi/daten: the seller's data with the IBAN masked. */
export async function readSellerData(
  deps: Pick<ProfiSellerDeps, 'db' | 'cipher'>,
  mandant: LoadedMandant,
  scope: ProfiScope,
): Promise<ProfiDaten> {
  const row = await deps.db
    .selectFrom('profi_seller as s')
    .innerJoin('account as a', (join) =>
      join.onRef('a.id', '=', 's.account_id').onRef('a.mandant_id', '=', 's.mandant_id'),
    )
    .select([
      's.profinummer',
      'a.email',
      'a.vorname',
      'a.nachname',
      's.art',
      's.firma',
      's.strasse',
      's.plz',
      's.ort',
      's.telefon',
      's.steuerstatus',
      's.steuernummer',
      's.ust_id',
      's.iban_encrypted',
      's.kontoinhaber',
      's.vereinbarung_version',
      's.vereinbarung_at',
    ])
    .where('s.mandant_id', '=', scope.mandantId)
    .where('s.id', '=', scope.sellerId)
    .executeTakeFirst();
  if (!row) throw new ApiProblem('PSOF0940');
  const iban = decryptProfiIban(deps.cipher, scope.mandantId, row.iban_encrypted);
  const version = currentAgreementVersion(mandant);
  return {
    Profinummer: row.profinummer,
    Email: row.email,
    Art: ART_FROM_ROW[row.art],
    Firma: row.firma,
    Vorname: row.vorname,
    Nachname: row.nachname,
    Strasse: row.strasse,
    Plz: row.plz,
    Ort: row.ort,
    Telefon: row.telefon,
    Steuerstatus: STATUS_FROM_ROW[row.steuerstatus],
    Steuernummer: row.steuernummer,
    UstId: row.ust_id,
    IBAN: iban === null ? null : maskIban(iban),
    Kontoinhaber: iban === null ? null : row.kontoinhaber,
    // An agreement of an earlier version is an open task again: not shown as accepted.
    VereinbarungAm:
      row.vereinbarung_at === null || row.vereinbarung_version !== version
        ? null
        : new Date(row.vereinbarung_at).toISOString(),
    VereinbarungVersion: version,
  };
}

/** PUT profi/daten: the seller row and the account's name, in one transaction. */
export async function storeSellerData(
  deps: ProfiSellerDeps,
  mandant: LoadedMandant,
  scope: ProfiScope & { accountId: string },
  data: ProfiDataForm,
): Promise<ProfiDaten> {
  const columns = sellerColumns(data);
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('profi_seller')
      .set(columns.row)
      .where('mandant_id', '=', scope.mandantId)
      .where('id', '=', scope.sellerId)
      .execute();
    await trx
      .updateTable('account')
      .set({ vorname: columns.vorname, nachname: columns.nachname })
      .where('mandant_id', '=', scope.mandantId)
      .where('id', '=', scope.accountId)
      .execute();
  });
  return readSellerData(deps, mandant, scope);
}

/** PUT profi/bankdaten: the IBAN encrypted, its fingerprint, the holder. */
export async function storeSellerBank(
  deps: ProfiSellerDeps,
  mandant: LoadedMandant,
  scope: ProfiScope,
  bank: BankDetailsForm,
): Promise<ProfiDaten> {
  const columns = bankColumns(deps, mandant, bank);
  await deps.db
    .updateTable('profi_seller')
    .set(columns)
    .where('mandant_id', '=', scope.mandantId)
    .where('id', '=', scope.sellerId)
    .execute();
  return readSellerData(deps, mandant, scope);
}

/** PUT profi/vereinbarung: the mandant's current agreement version, accepted now. */
export async function acceptAgreement(
  deps: ProfiSellerDeps,
  mandant: LoadedMandant,
  scope: ProfiScope,
): Promise<ProfiDaten> {
  await deps.db
    .updateTable('profi_seller')
    .set({ vereinbarung_version: currentAgreementVersion(mandant), vereinbarung_at: new Date() })
    .where('mandant_id', '=', scope.mandantId)
    .where('id', '=', scope.sellerId)
    .execute();
  return readSellerData(deps, mandant, scope);
}
