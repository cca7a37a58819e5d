import type { Kysely, Selectable } from 'kysely';
import { isEmailAllowed } from '../../../domain/emailRules.ts';
import { wireDateTime } from '../../../domain/format.ts';
import type {
  AgenturMitarbeiterZeile,
  MitarbeiterAnlegenRequest,
  MitarbeiterStatusRequest,
} from '../../../schemas/agency.ts';
import { isEmailAddress } from '../../../schemas/forms/fields.ts';
import { normalizeEmail } from '../../auth/normalizeEmail.ts';
import type { AgencyUserTable, DatabaseSchema } from '../../db/DatabaseSchema.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import type { MailService } from '../../mail/mailPlugin.ts';
import type { LoadedMandant } from '../../mandants/LoadedMandant.ts';
import type { AgencyPrincipal } from '../agencyAuthPlugin.ts';
import { AGENCY_WELCOME_LINK_TTL_MINUTES } from '../passwords/agencyPasswordService.ts';
import type { AgencyTokenRepository } from '../passwords/agencyTokenRepository.ts';

export interface StaffServiceDeps {
  db: Kysely<DatabaseSchema>;
  mail: Pick<MailService, 'enqueue' | 'kick'>;
  /** The new user's welcome link (server/agency/passwords). */
  tokens: Pick<AgencyTokenRepository, 'create'>;
}

/** A Postgres unique violation (the staff member's e-mail is taken in the mandant). */
function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

export function toStaffRow(row: Selectable<AgencyUserTable>): AgenturMitarbeiterZeile {
  return {
    Id: row.id,
    Name: row.name,
    Email: row.email,
    Mitarbeiternummer: row.mitarbeiternummer,
    Rollen: row.roles,
    Status: row.status,
    Angelegt: wireDateTime(row.created_at),
  };
}

/**
 * Staff management (issue 14, SPEC 6 "Employees": the owner invites, deactivates and reactivates staff). Every
 * query is scoped by the owner's mandant and agency: another agency's user answers 404 PSOF0601.
 */
export function createStaffService(deps: StaffServiceDeps) {
  const { db } = deps;

  /**
   * POST agentur/mitarbeiter: an active user of the owner's agency without password, and a mail with a
   * welcome link to set one (and, where the mandant has SSO, the way in by SSO).
   */
  async function add(input: {
    mandant: LoadedMandant;
    owner: AgencyPrincipal;
    body: MitarbeiterAnlegenRequest;
    language: string;
    origin: string;
  }): Promise<AgenturMitarbeiterZeile> {
    const { mandant, owner, body } = input;
    const email = normalizeEmail(body.Email);
    if (!isEmailAddress(email))
      throw new ApiProblem('PSOF0302', [{ pointer: '/Email', reason: 'invalid e-mail' }]);
    if (!isEmailAllowed(email, mandant.config.EmailWhitelist)) throw new ApiProblem('PSOF0301');
    const mitarbeiternummer = body.Mitarbeiternummer?.trim() || null;
    try {
      const row = await db.transaction().execute(async (trx) => {
        if (mitarbeiternummer) {
          // Invitations are attributed by this number (PUT Einladung): it names one person in the agency.
          const taken = await trx
            .selectFrom('agency_user')
            .select('id')
            .where('mandant_id', '=', owner.mandantId)
            .where('agency_id', '=', owner.agencyId)
            .where('mitarbeiternummer', '=', mitarbeiternummer)
            .executeTakeFirst();
          if (taken) {
            throw new ApiProblem('PSOF0635', [{ pointer: '/Mitarbeiternummer', reason: 'already in use' }]);
          }
        }
        const inserted = await trx
          .insertInto('agency_user')
          .values({
            mandant_id: owner.mandantId,
            agency_id: owner.agencyId,
            email,
            name: body.Name.trim(),
            roles: [body.Rolle],
            status: 'active',
            mitarbeiternummer,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const agency = await trx
          .selectFrom('agency')
          .select('firma')
          .where('mandant_id', '=', owner.mandantId)
          .where('id', '=', owner.agencyId)
          .executeTakeFirstOrThrow();
        const token = await deps.tokens.create(
          trx,
          owner.mandantId,
          inserted.id,
          'welcome',
          AGENCY_WELCOME_LINK_TTL_MINUTES,
        );
        await deps.mail.enqueue(trx, {
          mandantId: mandant.id,
          to: email,
          language: input.language,
          template: 'agencyStaffAdded',
          data: {
            name: inserted.name,
            agentur: agency.firma,
            von: owner.name,
            token,
            validHours: AGENCY_WELCOME_LINK_TTL_MINUTES / 60,
            sso: mandant.config.agencySso !== undefined,
          },
          origin: input.origin,
        });
        return inserted;
      });
      deps.mail.kick();
      return toStaffRow(row);
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new ApiProblem('PSOF0637', [{ pointer: '/Email', reason: 'staff login exists' }]);
      }
      throw error;
    }
  }

  /** PUT agentur/mitarbeiter/{id}/status: an owner cannot deactivate themselves (409 PSOF0636). */
  async function setStatus(
    owner: AgencyPrincipal,
    userId: string,
    status: MitarbeiterStatusRequest['Status'],
  ): Promise<AgenturMitarbeiterZeile> {
    if (userId === owner.userId && status !== 'active') throw new ApiProblem('PSOF0636');
    const row = await db
      .updateTable('agency_user')
      .set({ status })
      .where('mandant_id', '=', owner.mandantId)
      .where('agency_id', '=', owner.agencyId)
      .where('id', '=', userId)
      // A user barred from the programme (SPEC 6) stays barred: only the platform lifts that.
      .where('status', '!=', 'blocked')
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new ApiProblem('PSOF0601');
    return toStaffRow(row);
  }

  return { add, setStatus };
}
