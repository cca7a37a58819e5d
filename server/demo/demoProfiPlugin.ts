import { Ajv } from 'ajv';
import type { Kysely } from 'kysely';
import { checkIban } from '../../domain/iban.ts';
import demoProfiSchema from '../../schemas/demoProfi.schema.json' with { type: 'json' };
import type { ProfiRegistrationForm } from '../../schemas/forms/profiSeller.ts';
import { checkProfiData } from '../../schemas/profiRules.ts';
import { normalizeEmail } from '../auth/normalizeEmail.ts';
import type { DatabaseSchema } from '../db/DatabaseSchema.ts';
import { globalPlugin } from '../plugins/globalPlugin.ts';
import { bankColumns, currentAgreementVersion, sellerColumns } from '../profi/account/profiSellers.ts';
import { checkDemoPassword, readDemoFiles } from './readDemoFiles.ts';

/** One demo seller of `demo/profi.json` (issue 16). */
export interface DemoProfiSeller {
  email: string;
  password: string;
  language?: string;
  profinummer?: string;
  daten: Required<
    Pick<ProfiRegistrationForm, 'Art' | 'Vorname' | 'Nachname' | 'Strasse' | 'Plz' | 'Ort' | 'Steuerstatus'>
  > &
    ProfiRegistrationForm;
  note?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The demo profi-sellers by mandant id; empty when DEMO_ACCOUNTS=false. main prints their logins. */
    demoProfiSellers: ReadonlyMap<string, DemoProfiSeller[]>;
  }
}

const validate = new Ajv({ allErrors: true, strict: true, verbose: true, useDefaults: true }).compile(
  demoProfiSchema,
);

/** The demo seller of `telko` that the profi area's demo data (orders, commissions, credit notes) is for. */
export const DEMO_PROFI_EMAIL = 'profi.verkauf@netzplus.example';

/**
 * The id of a demo seller (by default the first of the mandant's `demo/profi.json`, the telko one:
 * `profi.verkauf@netzplus.example`), or undefined when the demo has none (DEMO_ACCOUNTS=false, another
 * mandant). For the seeding of the profi demo data, which runs after this plugin.
 */
export async function demoProfiSellerId(
  db: Kysely<DatabaseSchema>,
  mandantId: string,
  email: string = DEMO_PROFI_EMAIL,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('profi_seller as s')
    .innerJoin('account as a', 'a.id', 's.account_id')
    .select('s.id')
    .where('s.mandant_id', '=', mandantId)
    .where('a.mandant_id', '=', mandantId)
    .where('a.email', '=', normalizeEmail(email))
    .executeTakeFirst();
  return row?.id;
}

/**
 * The demo profi-sellers of every mandant's `demo/profi.json` (DEMO_ACCOUNTS, on by default): an account
 * with the published password and a seller record with encrypted bank data and the agreement accepted.
 * An e-mail that has an account already is left as it is (a restart keeps what the demo changed); a broken
 * file stops the start. Logs counts only.
 */
export const demoProfiPlugin = globalPlugin('demoProfi', async (app) => {
  if (!app.config.demoAccounts) {
    app.decorate('demoProfiSellers', new Map());
    return;
  }
  const files = await readDemoFiles<{ sellers: DemoProfiSeller[] }>(
    app.mandants.all(),
    'profi.json',
    validate,
    ({ sellers }, file, mandant, problems) => {
      sellers.forEach((seller, index) => {
        const pointer = `/sellers/${index}`;
        checkDemoPassword(problems, file, `${pointer}/password`, seller.password);
        for (const problem of checkProfiData(seller.daten)) {
          problems.add(
            file,
            `${pointer}/daten${problem.pointer}`,
            `breaks the seller rules (${problem.code})`,
          );
        }
        if (
          seller.daten.IBAN &&
          checkIban(seller.daten.IBAN, { germanOnly: mandant.config.ModuleIBANNurDE })
        ) {
          problems.add(file, `${pointer}/daten/IBAN`, 'not a valid IBAN for this mandant (ModuleIBANNurDE)');
        }
      });
    },
  );
  const demo = new Map([...files].map(([id, { sellers }]) => [id, sellers]));
  app.decorate('demoProfiSellers', demo);
  const db = app.database.kysely;
  for (const [mandantId, sellers] of demo) {
    const mandant = app.mandants.get(mandantId);
    if (!mandant) continue;
    let created = 0;
    for (const seller of sellers) {
      const email = normalizeEmail(seller.email);
      const columns = sellerColumns(seller.daten);
      // Only a missing account is hashed: a restart costs no hashing.
      const exists = (await app.accountRepository.existingEmails(mandantId, [email])).has(email);
      if (!exists) {
        await app.accountRepository.insertMissing([
          {
            mandantId,
            email,
            passwordHash: await app.passwordHasher.hash(seller.password),
            anrede: '',
            vorname: columns.vorname,
            nachname: columns.nachname,
            language: seller.language ?? mandant.config.SupportedLanguage.Standard,
            newsletterOptinGegeben: false,
            status: 'active',
          },
        ]);
      }
      const account = await app.accountRepository.findByEmail(mandantId, email);
      // An account of the address that is a seller already (a restart, another instance) stays as it is.
      if (!account || (await demoProfiSellerId(db, mandantId, email))) continue;
      const bank = seller.daten.IBAN
        ? bankColumns({ cipher: app.fieldCipher, fingerprints: app.fingerprints }, mandant, {
            IBAN: seller.daten.IBAN,
            Kontoinhaber: seller.daten.Kontoinhaber,
          })
        : {};
      const inserted = await db
        .insertInto('profi_seller')
        .values({
          mandant_id: mandantId,
          account_id: account.id,
          profinummer: seller.profinummer ?? `P-${String(100_001 + created)}`,
          ...columns.row,
          ...bank,
          ...(seller.daten.Vereinbarung
            ? { vereinbarung_version: currentAgreementVersion(mandant), vereinbarung_at: new Date() }
            : {}),
        })
        // Another instance seeded it meanwhile, or a registered seller drew the demo's number: left alone.
        .onConflict((conflict) => conflict.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) continue;
      created += 1;
    }
    app.log.info({ mandant: mandantId, created }, 'demo profi-sellers ready');
  }
});
