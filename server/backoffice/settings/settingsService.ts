import type { Kysely } from 'kysely';
import type {
  SettingKind,
  SettingPreview,
  SettingState,
  SettingVersion,
  SettingVersionDetail,
} from '../../../schemas/backofficeSettings.ts';
import type { DatabaseSchema } from '../../db/DatabaseSchema.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import { type AuditActor, recordAudit } from '../audit/auditLog.ts';
import type { SettingsOverrides } from './SettingsOverrides.ts';
import { checkSetting, fileValue } from './settingKinds.ts';
import { previewSetting } from './settingsPreview.ts';
import {
  bumpRevision,
  insertVersion,
  liveVersionOf,
  lockMandant,
  makeLive,
  readVersion,
  readVersions,
  retireLive,
  type SettingRow,
} from './settingsStore.ts';

/** The newest versions the state answer lists. */
export const HISTORY_LIMIT = 100;

export interface SettingsDeps {
  db: Kysely<DatabaseSchema>;
  overrides: SettingsOverrides;
}

interface Caller {
  mandantId: string;
  actor: AuditActor;
}

/** The value the server uses now for a kind, where it comes from, the file's value and the history. */
export async function settingState(
  deps: SettingsDeps,
  mandantId: string,
  kind: SettingKind,
): Promise<SettingState> {
  const [live, versions] = await Promise.all([
    liveDocument(deps.db, deps.overrides, mandantId, kind),
    readVersions(deps.db, mandantId, kind, HISTORY_LIMIT),
  ]);
  return {
    Art: kind,
    Wert: live.document,
    Quelle: live.version === null ? 'datei' : 'version',
    LiveVersion: live.version,
    Datei: fileValue(kind, deps.overrides.file(mandantId)),
    Versionen: versions.map(toVersion),
  };
}

export async function settingVersion(
  deps: SettingsDeps,
  mandantId: string,
  kind: SettingKind,
  version: number,
): Promise<SettingVersionDetail> {
  const row = await readVersion(deps.db, mandantId, kind, version);
  if (!row) throw new ApiProblem('PSOF0791');
  return { ...toVersion(row), Wert: row.document };
}

/** Saves a draft: checked by the file's schema first (422 PSOF0790 with pointers, nothing stored). */
export async function saveDraft(
  deps: SettingsDeps,
  caller: Caller,
  kind: SettingKind,
  document: unknown,
  note: string,
): Promise<SettingVersion> {
  const { value, problems } = await checkSetting(
    kind,
    document,
    deps.overrides.file(caller.mandantId).mandant,
  );
  if (problems.length > 0) throw new ApiProblem('PSOF0790', problems);
  return deps.db.transaction().execute(async (trx) => {
    await lockMandant(trx, caller.mandantId);
    const row = await insertVersion(trx, {
      mandantId: caller.mandantId,
      kind,
      document: value,
      note,
      copiedFrom: null,
      author: caller.actor,
      live: false,
    });
    await recordAudit(trx, {
      mandantId: caller.mandantId,
      actor: caller.actor,
      action: 'setting.draftSaved',
      subjectType: 'setting',
      subjectId: `${kind}/${row.version}`,
      after: { kind, version: row.version, note, document: value },
    });
    return toVersion(row);
  });
}

/** The effective configuration as it would be with this version live, against what is live now. */
export async function previewVersion(
  deps: SettingsDeps,
  mandantId: string,
  kind: SettingKind,
  version: number,
): Promise<SettingPreview> {
  const row = await readVersion(deps.db, mandantId, kind, version);
  if (!row) throw new ApiProblem('PSOF0791');
  const live = await liveDocument(deps.db, deps.overrides, mandantId, kind);
  return previewSetting(kind, version, live.document, row.document, deps.overrides.file(mandantId).mandant);
}

/** A draft goes live at once; `basis` is the live version the user saw (null: the file), else 409 PSOF0705. */
export async function publishDraft(
  deps: SettingsDeps,
  caller: Caller,
  kind: SettingKind,
  version: number,
  basis: number | null,
): Promise<void> {
  await change(deps, caller, kind, basis, async (trx, before) => {
    const row = await readVersion(trx, caller.mandantId, kind, version);
    if (!row) throw new ApiProblem('PSOF0791');
    if (row.status !== 'draft') throw new ApiProblem('PSOF0792');
    await recheck(deps, caller.mandantId, kind, row.document);
    await retireLive(trx, caller.mandantId, kind);
    await makeLive(trx, row.id);
    return {
      action: 'setting.published',
      subjectId: `${kind}/${version}`,
      before,
      after: { kind, version, document: row.document },
    };
  });
}

/** Rolls back to an earlier published version: a new live version copying it. */
export async function rollBack(
  deps: SettingsDeps,
  caller: Caller,
  kind: SettingKind,
  version: number,
  basis: number | null,
  note: string,
): Promise<void> {
  await change(deps, caller, kind, basis, async (trx, before) => {
    const row = await readVersion(trx, caller.mandantId, kind, version);
    if (!row) throw new ApiProblem('PSOF0791');
    if (row.status === 'draft') throw new ApiProblem('PSOF0793');
    await recheck(deps, caller.mandantId, kind, row.document);
    await retireLive(trx, caller.mandantId, kind);
    const copy = await insertVersion(trx, {
      mandantId: caller.mandantId,
      kind,
      document: row.document,
      note: note || `Zurückgesetzt auf Version ${version}`,
      copiedFrom: version,
      author: caller.actor,
      live: true,
    });
    return {
      action: 'setting.rolledBack',
      subjectId: `${kind}/${copy.version}`,
      before,
      after: { kind, version: copy.version, copiedFrom: version, document: row.document },
    };
  });
}

/** Back to the mandant's file: the live version is retired, none takes its place. */
export async function backToFile(
  deps: SettingsDeps,
  caller: Caller,
  kind: SettingKind,
  basis: number | null,
): Promise<void> {
  await change(deps, caller, kind, basis, async (trx, before) => {
    if (before.version === null) throw new ApiProblem('PSOF0794');
    await retireLive(trx, caller.mandantId, kind);
    return {
      action: 'setting.backToFile',
      subjectId: `${kind}/file`,
      before,
      after: { kind, version: null, document: fileValue(kind, deps.overrides.file(caller.mandantId)) },
    };
  });
}

/**
 * One change of what is live: the mandant locked, the version check (the live version must still be the
 * one the user saw), the change, the audit entry and the raised revision in one transaction; then this
 * instance reloads at once (the others at their next poll).
 */
async function change(
  deps: SettingsDeps,
  caller: Caller,
  kind: SettingKind,
  basis: number | null,
  work: (
    trx: Kysely<DatabaseSchema>,
    before: { kind: SettingKind; version: number | null; document: unknown },
  ) => Promise<{ action: string; subjectId: string; before: unknown; after: unknown }>,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await lockMandant(trx, caller.mandantId);
    const live = await liveDocument(trx, deps.overrides, caller.mandantId, kind);
    if (live.version !== basis) throw new ApiProblem('PSOF0705');
    const entry = await work(trx, { kind, ...live });
    await bumpRevision(trx, caller.mandantId);
    await recordAudit(trx, {
      mandantId: caller.mandantId,
      actor: caller.actor,
      subjectType: 'setting',
      ...entry,
    });
  });
  await deps.overrides.reload(caller.mandantId);
}

/** A stored document is checked again before it goes live (the file or schema may have changed since). */
async function recheck(
  deps: SettingsDeps,
  mandantId: string,
  kind: SettingKind,
  document: unknown,
): Promise<void> {
  const { problems } = await checkSetting(kind, document, deps.overrides.file(mandantId).mandant);
  if (problems.length > 0) throw new ApiProblem('PSOF0790', problems);
}

/** The live override's version and document, or the file's value (version null). */
async function liveDocument(
  db: Kysely<DatabaseSchema>,
  overrides: SettingsOverrides,
  mandantId: string,
  kind: SettingKind,
): Promise<{ version: number | null; document: unknown }> {
  const version = await liveVersionOf(db, mandantId, kind);
  if (version !== null) {
    const row = await readVersion(db, mandantId, kind, version);
    if (row) return { version, document: row.document };
  }
  return { version: null, document: fileValue(kind, overrides.file(mandantId)) };
}

function toVersion(row: Omit<SettingRow, 'document' | 'id'> & { id?: string }): SettingVersion {
  return {
    Version: row.version,
    Status: row.status,
    Notiz: row.note,
    Autor: row.author_email,
    ErstelltAm: new Date(row.created_at).toISOString(),
    VeroeffentlichtAm: row.published_at ? new Date(row.published_at).toISOString() : null,
    KopieVon: row.copied_from,
  };
}
