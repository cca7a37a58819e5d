import { type Kysely, sql } from 'kysely';
import type { SettingKind, SettingStatus } from '../../../schemas/backofficeSettings.ts';
import type { DatabaseSchema } from '../../db/DatabaseSchema.ts';

type Db = Kysely<DatabaseSchema>;

/** A row of `backoffice_setting` (migration 0017). */
export interface SettingRow {
  id: string;
  version: number;
  status: SettingStatus;
  document: unknown;
  note: string;
  copied_from: number | null;
  author_email: string;
  created_at: Date;
  published_at: Date | null;
}

const COLUMNS = [
  'id',
  'version',
  'status',
  'document',
  'note',
  'copied_from',
  'author_email',
  'created_at',
  'published_at',
] as const;

/** Every mandant's revision (the instances' poll: one small table). */
export async function readRevisions(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('backoffice_setting_revision')
    .select(['mandant_id', 'revision'])
    .execute();
  return new Map(rows.map((row) => [row.mandant_id, String(row.revision)]));
}

/**
 * Locks the mandant's revision row for the rest of the transaction (made on first use): every write of
 * settings takes it first, so versions are numbered and go live one at a time. Answers the revision.
 */
export async function lockMandant(trx: Db, mandantId: string): Promise<string> {
  await trx
    .insertInto('backoffice_setting_revision')
    .values({ mandant_id: mandantId, revision: 0 })
    .onConflict((conflict) => conflict.column('mandant_id').doNothing())
    .execute();
  const row = await trx
    .selectFrom('backoffice_setting_revision')
    .select('revision')
    .where('mandant_id', '=', mandantId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return String(row.revision);
}

/** Raises the mandant's revision: every instance reloads its live settings at its next poll. */
export async function bumpRevision(trx: Db, mandantId: string): Promise<void> {
  await trx
    .updateTable('backoffice_setting_revision')
    .set({ revision: sql`revision + 1` })
    .where('mandant_id', '=', mandantId)
    .execute();
}

/** The live documents of a mandant, by kind, with their version. */
export async function readLive(
  db: Db,
  mandantId: string,
): Promise<{ kind: SettingKind; version: number; document: unknown }[]> {
  return db
    .selectFrom('backoffice_setting')
    .select(['kind', 'version', 'document'])
    .where('mandant_id', '=', mandantId)
    .where('status', '=', 'live')
    .execute();
}

export async function readVersions(
  db: Db,
  mandantId: string,
  kind: SettingKind,
  limit: number,
): Promise<Omit<SettingRow, 'document'>[]> {
  return db
    .selectFrom('backoffice_setting')
    .select(COLUMNS.filter((column) => column !== 'document'))
    .where('mandant_id', '=', mandantId)
    .where('kind', '=', kind)
    .orderBy('version', 'desc')
    .limit(limit)
    .execute();
}

export async function readVersion(
  db: Db,
  mandantId: string,
  kind: SettingKind,
  version: number,
): Promise<SettingRow | undefined> {
  return db
    .selectFrom('backoffice_setting')
    .select(COLUMNS)
    .where('mandant_id', '=', mandantId)
    .where('kind', '=', kind)
    .where('version', '=', version)
    .executeTakeFirst();
}

export async function liveVersionOf(trx: Db, mandantId: string, kind: SettingKind): Promise<number | null> {
  const row = await trx
    .selectFrom('backoffice_setting')
    .select('version')
    .where('mandant_id', '=', mandantId)
    .where('kind', '=', kind)
    .where('status', '=', 'live')
    .executeTakeFirst();
  return row?.version ?? null;
}

/** A new version (the next number of its kind); call with the mandant locked. */
export async function insertVersion(
  trx: Db,
  values: {
    mandantId: string;
    kind: SettingKind;
    document: unknown;
    note: string;
    copiedFrom: number | null;
    author: { id: string; email: string };
    live: boolean;
  },
): Promise<SettingRow> {
  const last = await trx
    .selectFrom('backoffice_setting')
    .select((eb) => eb.fn.max('version').as('version'))
    .where('mandant_id', '=', values.mandantId)
    .where('kind', '=', values.kind)
    .executeTakeFirst();
  return trx
    .insertInto('backoffice_setting')
    .values({
      mandant_id: values.mandantId,
      kind: values.kind,
      version: Number(last?.version ?? 0) + 1,
      document: JSON.stringify(values.document),
      note: values.note,
      copied_from: values.copiedFrom,
      author_id: values.author.id,
      author_email: values.author.email,
      status: values.live ? 'live' : 'draft',
      published_at: values.live ? new Date() : null,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

/** The live version of a kind becomes retired (nothing when none is live). */
export async function retireLive(trx: Db, mandantId: string, kind: SettingKind): Promise<void> {
  await trx
    .updateTable('backoffice_setting')
    .set({ status: 'retired', retired_at: new Date() })
    .where('mandant_id', '=', mandantId)
    .where('kind', '=', kind)
    .where('status', '=', 'live')
    .execute();
}

/** A draft goes live. */
export async function makeLive(trx: Db, id: string): Promise<void> {
  await trx
    .updateTable('backoffice_setting')
    .set({ status: 'live', published_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .execute();
}
