import { type Kysely, sql } from 'kysely';
import { isTermsAccepted } from '../../../domain/termsAccepted.ts';
import type {
  AgenturBestaetigenResponse,
  AgenturRegistrierenDatenRequest,
  AgenturRegistrierenDatenResponse,
} from '../../../schemas/agencyRegistration.ts';
import { assertNewPassword } from '../../account/passwordProblems.ts';
import type { PasswordHasher } from '../../auth/passwordHasher.ts';
import type { FieldCipher } from '../../crypto/fieldCipher.ts';
import type { DatabaseSchema } from '../../db/DatabaseSchema.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import type { MailService } from '../../mail/mailPlugin.ts';
import { storeMasterData } from '../masterData/masterData.ts';
import type { AgencyTokenRepository } from '../passwords/agencyTokenRepository.ts';

/** The confirmation link and the data step's token live 72 hours (issue 14). */
export const REGISTRATION_LINK_TTL_HOURS = 72;

/** The numbers self-registered agencies get: 'A-' and the next number of the mandant, from A-1001 on. */
const NUMBER_PATTERN = '^A-[0-9]{1,15}$';
const FIRST_NUMBER = 1001;

export interface RegistrationServiceDeps {
  db: Kysely<DatabaseSchema>;
  tokens: AgencyTokenRepository;
  mail: Pick<MailService, 'enqueue' | 'kick'>;
  passwordHasher: Pick<PasswordHasher, 'hash'>;
  cipher: FieldCipher;
}

export interface RegistrationForm {
  mandantId: string;
  /** Normalised and checked (normalizeEmail, isEmailAddress). */
  email: string;
  firma: string;
  vorname: string;
  nachname: string;
  password: string;
  confirmation: string;
  agb: unknown;
  language: string;
  origin: string;
}

export type RegistrationOutcome = 'registered' | 'confirmationResent' | 'alreadyRegistered';

const tidy = (value: string) => value.trim().replace(/\s+/g, ' ');

/**
 * An agency registers itself (SPEC 2 agency pages register, confirm, register additional data; issue 14):
 * the agency (status 'registered') and its owner are written with the confirmation mail in one transaction;
 * the mailed link's token is used once to confirm and answers a second token for the data step, which
 * stores the data and leaves the agency 'pending' for the programme team (back office, issue 15).
 */
export function createRegistrationService(deps: RegistrationServiceDeps) {
  const { db } = deps;

  async function register(form: RegistrationForm): Promise<RegistrationOutcome> {
    if (!isTermsAccepted(form.agb))
      throw new ApiProblem('PSOF0304', [{ pointer: '/Agb', reason: 'not accepted' }]);
    assertNewPassword(form.password, form.confirmation);
    const passwordHash = await deps.passwordHasher.hash(form.password);
    const outcome = await db.transaction().execute(async (trx): Promise<RegistrationOutcome> => {
      // Two registrations of one address at once: the second waits here and then sees the first.
      await sql`select pg_advisory_xact_lock(hashtext(${`agency_register:${form.mandantId}:${form.email}`}))`.execute(
        trx,
      );
      const existing = await trx
        .selectFrom('agency_user')
        .leftJoin('agency', 'agency.id', 'agency_user.agency_id')
        .select([
          'agency_user.id',
          'agency_user.name',
          'agency_user.roles',
          'agency.status as agency_status',
          'agency.firma',
        ])
        .where('agency_user.mandant_id', '=', form.mandantId)
        .where('agency_user.email', '=', form.email)
        .executeTakeFirst();
      if (existing) {
        // The owner of an agency that never finished its registration gets a new link (replacing the
        // old one); the form's other data is not taken, since the request proves nothing about the caller.
        if (existing.agency_status === 'registered' && existing.roles.includes('owner')) {
          await queueConfirmation(trx, form, existing.id, existing.firma ?? form.firma);
          return 'confirmationResent';
        }
        await deps.mail.enqueue(trx, {
          mandantId: form.mandantId,
          to: form.email,
          language: form.language,
          template: 'agencyAlreadyRegistered',
          data: { name: existing.name },
          origin: form.origin,
        });
        return 'alreadyRegistered';
      }
      // Agency numbers of the mandant are handed out one at a time.
      await sql`select pg_advisory_xact_lock(hashtext(${`agency_number:${form.mandantId}`}))`.execute(trx);
      const last = await trx
        .selectFrom('agency')
        .select(sql<string | null>`max(substring(agenturnummer from 3)::bigint)::text`.as('last'))
        .where('mandant_id', '=', form.mandantId)
        .where('agenturnummer', '~', NUMBER_PATTERN)
        .executeTakeFirstOrThrow();
      const next = Math.max(Number(last.last ?? 0) + 1, FIRST_NUMBER);
      const agency = await trx
        .insertInto('agency')
        .values({
          mandant_id: form.mandantId,
          agenturnummer: `A-${next}`,
          firma: tidy(form.firma),
          kontakt_name: tidy(`${form.vorname} ${form.nachname}`),
          kontakt_email: form.email,
          status: 'registered',
        })
        .returning(['id', 'firma'])
        .executeTakeFirstOrThrow();
      const owner = await trx
        .insertInto('agency_user')
        .values({
          mandant_id: form.mandantId,
          email: form.email,
          name: tidy(`${form.vorname} ${form.nachname}`),
          roles: ['owner'],
          status: 'active',
          agency_id: agency.id,
          password_hash: passwordHash,
          password_changed_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await queueConfirmation(trx, form, owner.id, agency.firma);
      return 'registered';
    });
    deps.mail.kick();
    return outcome;
  }

  async function queueConfirmation(
    trx: Kysely<DatabaseSchema>,
    form: RegistrationForm,
    ownerId: string,
    firma: string,
  ): Promise<void> {
    const token = await deps.tokens.create(
      trx,
      form.mandantId,
      ownerId,
      'confirm',
      REGISTRATION_LINK_TTL_HOURS * 60,
    );
    await deps.mail.enqueue(trx, {
      mandantId: form.mandantId,
      to: form.email,
      language: form.language,
      template: 'agencyRegistrationConfirm',
      data: {
        vorname: tidy(form.vorname),
        nachname: tidy(form.nachname),
        firma,
        token,
        validHours: REGISTRATION_LINK_TTL_HOURS,
      },
      origin: form.origin,
    });
  }

  /**
   * Uses up a registration token (purpose confirm) and answers the owner's agency while it is still
   * 'registered': unknown or expired 410 PSOF0663, used 409 PSOF0664, the data already given 409 PSOF0665.
   */
  async function useToken(trx: Kysely<DatabaseSchema>, mandantId: string, token: string) {
    const use = await deps.tokens.use(trx, mandantId, token, ['confirm']);
    if (use.outcome === 'expired') throw new ApiProblem('PSOF0663');
    if (use.outcome === 'used') throw new ApiProblem('PSOF0664');
    const row = await trx
      .selectFrom('agency_user')
      .innerJoin('agency', 'agency.id', 'agency_user.agency_id')
      .select([
        'agency_user.id as user_id',
        'agency_user.name',
        'agency_user.email',
        'agency.id as agency_id',
        'agency.agenturnummer',
        'agency.firma',
        'agency.status',
      ])
      .where('agency_user.mandant_id', '=', mandantId)
      .where('agency_user.id', '=', use.agencyUserId)
      .where('agency.mandant_id', '=', mandantId)
      // Lock the agency: a confirmation and a data step at once see one another's result.
      .forUpdate('agency')
      .executeTakeFirst();
    if (!row) throw new ApiProblem('PSOF0663');
    if (row.status !== 'registered') throw new ApiProblem('PSOF0665');
    return row;
  }

  /** PUT agentur/bestaetigen: the mailed link's token confirms the address; answers the data step's token. */
  async function confirm(mandantId: string, token: string): Promise<AgenturBestaetigenResponse> {
    return db.transaction().execute(async (trx) => {
      const row = await useToken(trx, mandantId, token);
      const dataToken = await deps.tokens.create(
        trx,
        mandantId,
        row.user_id,
        'confirm',
        REGISTRATION_LINK_TTL_HOURS * 60,
      );
      return { Agenturnummer: row.agenturnummer, Firma: row.firma, Status: row.status, Token: dataToken };
    });
  }

  /**
   * PUT agentur/registrieren/daten: stores the additional data with the master data's rules
   * (storeMasterData) and hands the agency to the programme team ('pending'). USt-IdNr or Steuernummer is
   * required (422 PSOF0666: invoices need one, PSOF0646).
   */
  async function completeData(
    mandantId: string,
    body: AgenturRegistrierenDatenRequest,
  ): Promise<AgenturRegistrierenDatenResponse> {
    const ustId = (body.UstId ?? '').trim();
    const steuernummer = (body.Steuernummer ?? '').trim();
    if (ustId === '' && steuernummer === '') {
      throw new ApiProblem('PSOF0666', [
        { pointer: '/UstId', reason: 'VAT ID or tax number required' },
        { pointer: '/Steuernummer', reason: 'VAT ID or tax number required' },
      ]);
    }
    return db.transaction().execute(async (trx) => {
      const row = await useToken(trx, mandantId, body.Token);
      const scope = { mandantId, agencyId: row.agency_id };
      await storeMasterData({ db: trx, cipher: deps.cipher }, scope, {
        Firma: row.firma,
        Strasse: body.Strasse ?? '',
        Plz: body.Plz ?? '',
        Ort: body.Ort ?? '',
        UstId: ustId,
        Steuernummer: steuernummer,
        KontaktName: row.name,
        KontaktEmail: row.email,
        KontaktTelefon: body.KontaktTelefon ?? '',
      });
      await trx
        .updateTable('agency')
        .set({ status: 'pending' })
        .where('mandant_id', '=', mandantId)
        .where('id', '=', row.agency_id)
        .where('status', '=', 'registered')
        .execute();
      return { Agenturnummer: row.agenturnummer, Status: 'pending' };
    });
  }

  return { register, confirm, completeData };
}
