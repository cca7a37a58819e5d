import { randomBytes } from 'node:crypto';
import { type Kysely, type Selectable, sql } from 'kysely';
import { wireDateTime } from '../../../domain/format.ts';
import type { ApiSchluessel, ApiSchluesselMitGeheimnis } from '../../../schemas/backofficeIntegration.ts';
import type { FieldCipher } from '../../crypto/fieldCipher.ts';
import type { DatabaseSchema, IntegrationKeyTable } from '../../db/DatabaseSchema.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import { integrationKeyCipherContext, newIntegrationSecret } from '../../integration/integrationSecrets.ts';
import type { LoadedMandant } from '../../mandants/LoadedMandant.ts';
import { recordAudit } from '../audit/auditLog.ts';
import type { BackofficePrincipal } from '../backofficeAuthPlugin.ts';

type Db = Kysely<DatabaseSchema>;
type KeyRow = Selectable<IntegrationKeyTable>;

/** `bo-` and ten lower-case base32 characters: fits the X-Api-Key pattern and never looks like a config id. */
function newKeyId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  return `bo-${[...randomBytes(10)].map((byte) => alphabet[byte % 32]).join('')}`;
}

const time = (value: Date | null): string | null => (value ? wireDateTime(value) : null);

function toKey(row: KeyRow): ApiSchluessel {
  return {
    Id: row.id,
    Name: row.name,
    Quelle: 'datenbank',
    Status: row.status,
    Angelegt: time(row.created_at),
    Rotiert: time(row.rotated_at),
    Widerrufen: time(row.revoked_at),
    AltesGeheimnisBis:
      row.previous_expires_at && row.previous_expires_at > new Date() ? time(row.previous_expires_at) : null,
    Version: row.version,
  };
}

/** What the audit log keeps of a key: never a secret. */
function audited(key: ApiSchluessel) {
  return {
    Name: key.Name,
    Status: key.Status,
    Version: key.Version,
    AltesGeheimnisBis: key.AltesGeheimnisBis,
  };
}

/**
 * API keys of the integration API made in the back office (issue 15): create, rotate, revoke, each with its
 * audit entry in the same transaction. The secret is encrypted at rest and returned only by create and rotate.
 */
export function createIntegrationKeyService(deps: { db: Db; cipher: FieldCipher }) {
  const { db, cipher } = deps;

  /** The back office's keys (newest first) and then the config's (read-only: their secrets live in variables). */
  async function list(mandant: LoadedMandant): Promise<ApiSchluessel[]> {
    const rows = await db
      .selectFrom('integration_key')
      .selectAll()
      .where('mandant_id', '=', mandant.id)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
    const configured: ApiSchluessel[] = mandant.config.programme.integrationKeys
      .filter((key) => !rows.some((row) => row.id === key.id))
      .map((key) => ({
        Id: key.id,
        Name: key.id,
        Quelle: 'konfiguration',
        Status: 'active',
        Angelegt: null,
        Rotiert: null,
        Widerrufen: null,
        AltesGeheimnisBis: null,
        Version: 0,
      }));
    return [...rows.map(toKey), ...configured];
  }

  async function create(
    mandant: LoadedMandant,
    admin: BackofficePrincipal,
    name: string,
  ): Promise<ApiSchluesselMitGeheimnis> {
    const taken = new Set(mandant.config.programme.integrationKeys.map((key) => key.id));
    let id = newKeyId();
    while (taken.has(id)) id = newKeyId();
    const secret = newIntegrationSecret();
    return db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('integration_key')
        .values({
          mandant_id: admin.mandantId,
          id,
          name: name.trim(),
          secret_encrypted: cipher.encrypt(secret, integrationKeyCipherContext(admin.mandantId, id)),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const key = toKey(row);
      await recordAudit(trx, {
        mandantId: admin.mandantId,
        actor: admin.actor,
        action: 'apiKey.created',
        subjectType: 'apiKey',
        subjectId: id,
        after: audited(key),
      });
      return { ...key, Geheimnis: secret };
    });
  }

  /** The key as it is now, for an action on it: 404 PSOF0810 unless it is the mandant's. */
  async function current(trx: Db, mandantId: string, id: string): Promise<KeyRow> {
    const row = await trx
      .selectFrom('integration_key')
      .selectAll()
      .where('mandant_id', '=', mandantId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new ApiProblem('PSOF0810');
    return row;
  }

  /**
   * A new secret. The previous one works on for `overlapMinutes` (0: it is refused from this moment);
   * a previous secret still in its overlap is dropped at once. `version` must be the one the admin saw
   * (else 409 PSOF0705): two admins rotating at once must not both believe their secret is the live one.
   */
  async function rotate(
    admin: BackofficePrincipal,
    id: string,
    version: number,
    overlapMinutes: number,
  ): Promise<ApiSchluesselMitGeheimnis> {
    const secret = newIntegrationSecret();
    return db.transaction().execute(async (trx) => {
      const before = await current(trx, admin.mandantId, id);
      if (before.status !== 'active') throw new ApiProblem('PSOF0811');
      if (before.version !== version) throw new ApiProblem('PSOF0705');
      const row = await trx
        .updateTable('integration_key')
        .set({
          secret_encrypted: cipher.encrypt(secret, integrationKeyCipherContext(admin.mandantId, id)),
          previous_secret_encrypted: overlapMinutes > 0 ? before.secret_encrypted : null,
          previous_expires_at:
            overlapMinutes > 0 ? sql<Date>`now() + make_interval(mins => ${overlapMinutes}::int)` : null,
          rotated_at: sql<Date>`now()`,
          version: version + 1,
        })
        .where('mandant_id', '=', admin.mandantId)
        .where('id', '=', id)
        .where('version', '=', version)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new ApiProblem('PSOF0705');
      const key = toKey(row);
      await recordAudit(trx, {
        mandantId: admin.mandantId,
        actor: admin.actor,
        action: 'apiKey.rotated',
        subjectType: 'apiKey',
        subjectId: id,
        before: audited(toKey(before)),
        after: { ...audited(key), UeberlappungMinuten: overlapMinutes },
      });
      return { ...key, Geheimnis: secret };
    });
  }

  /** Revoked: every secret of the key is refused from this moment; the row stays for the record. */
  async function revoke(admin: BackofficePrincipal, id: string, version: number): Promise<ApiSchluessel> {
    return db.transaction().execute(async (trx) => {
      const before = await current(trx, admin.mandantId, id);
      if (before.version !== version) throw new ApiProblem('PSOF0705');
      if (before.status === 'revoked') return toKey(before);
      const row = await trx
        .updateTable('integration_key')
        .set({
          status: 'revoked',
          revoked_at: sql<Date>`now()`,
          previous_secret_encrypted: null,
          previous_expires_at: null,
          version: version + 1,
        })
        .where('mandant_id', '=', admin.mandantId)
        .where('id', '=', id)
        .where('version', '=', version)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new ApiProblem('PSOF0705');
      const key = toKey(row);
      await recordAudit(trx, {
        mandantId: admin.mandantId,
        actor: admin.actor,
        action: 'apiKey.revoked',
        subjectType: 'apiKey',
        subjectId: id,
        before: audited(toKey(before)),
        after: audited(key),
      });
      return key;
    });
  }

  return { list, create, rotate, revoke };
}
