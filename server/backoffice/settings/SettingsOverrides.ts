import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { SettingKind } from '../../../schemas/backofficeSettings.ts';
import type { DatabaseSchema } from '../../db/DatabaseSchema.ts';
import type { MandantRegistry } from '../../mandants/MandantRegistry.ts';
import type { CampaignEntry } from '../../recommendations/campaigns.ts';
import {
  checkSetting,
  effectiveCampaigns,
  effectiveMandant,
  type FileSettings,
  type LiveDocuments,
} from './settingKinds.ts';
import { readLive, readRevisions } from './settingsStore.ts';

/** How often every instance asks the database whether a mandant's live settings changed. */
export const SETTINGS_POLL_MS = 2000;

/**
 * The live settings overrides of this process (issue 15, settings without a deploy). Keeps each mandant's
 * file settings, and puts the effective mandant (file + live overrides) into the mandant registry and the
 * effective campaigns into `app.recommendations.campaigns`, where every reader already looks. Each instance
 * polls `backoffice_setting_revision` every SETTINGS_POLL_MS and reloads a mandant whose revision moved, so
 * a change made on any instance applies everywhere within that interval plus one reload. A live document
 * that fails its schema now (a changed file or schema, a hand-edited row) is logged and the file's value
 * used instead: an invalid override never reaches the live configuration.
 */
export class SettingsOverrides {
  readonly #db: Kysely<DatabaseSchema>;
  readonly #mandants: MandantRegistry;
  readonly #campaigns: Map<string, readonly CampaignEntry[]>;
  readonly #log: FastifyBaseLogger;
  readonly #files = new Map<string, FileSettings>();
  readonly #revisions = new Map<string, string>();
  readonly #liveVersions = new Map<string, Partial<Record<SettingKind, number>>>();
  /** Loads run one after another, so an older read never overwrites a newer one. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(deps: {
    db: Kysely<DatabaseSchema>;
    mandants: MandantRegistry;
    campaigns: Map<string, readonly CampaignEntry[]>;
    log: FastifyBaseLogger;
  }) {
    this.#db = deps.db;
    this.#mandants = deps.mandants;
    this.#campaigns = deps.campaigns;
    this.#log = deps.log;
    for (const mandant of deps.mandants.all()) {
      this.#files.set(mandant.id, { mandant, campaigns: deps.campaigns.get(mandant.id) });
    }
  }

  /** The mandant's settings as its files have them. */
  file(mandantId: string): FileSettings {
    const file = this.#files.get(mandantId);
    if (!file) throw new Error(`mandant "${mandantId}" is not loaded`);
    return file;
  }

  /** The version this process uses for a kind (null: the file). */
  liveVersion(mandantId: string, kind: SettingKind): number | null {
    return this.#liveVersions.get(mandantId)?.[kind] ?? null;
  }

  /** The poll: reloads every mandant whose revision differs from the one this process applied. */
  refresh(): Promise<void> {
    return this.#enqueue(async () => {
      const revisions = await readRevisions(this.#db);
      for (const [mandantId, revision] of revisions) {
        if (!this.#files.has(mandantId) || this.#revisions.get(mandantId) === revision) continue;
        await this.#apply(mandantId, revision);
      }
    });
  }

  /** Reloads one mandant now (after a change on this instance, before its answer). */
  reload(mandantId: string): Promise<void> {
    return this.#enqueue(async () => {
      const revision = (await readRevisions(this.#db)).get(mandantId) ?? '0';
      await this.#apply(mandantId, revision);
    });
  }

  #enqueue(work: () => Promise<void>): Promise<void> {
    const next = this.#queue.then(work);
    this.#queue = next.catch(() => undefined);
    return next;
  }

  async #apply(mandantId: string, revision: string): Promise<void> {
    const file = this.file(mandantId);
    const live: LiveDocuments = {};
    const versions: Partial<Record<SettingKind, number>> = {};
    for (const row of await readLive(this.#db, mandantId)) {
      const { value, problems } = await checkSetting(row.kind, row.document, file.mandant);
      if (problems.length > 0) {
        this.#log.error(
          { mandant: mandantId, kind: row.kind, version: row.version, problems },
          'live settings override is invalid: the mandant file’s value is used instead',
        );
        continue;
      }
      live[row.kind] = value;
      versions[row.kind] = row.version;
    }
    this.#mandants.replace(effectiveMandant(file.mandant, live));
    const campaigns = effectiveCampaigns(file, live);
    if (campaigns === undefined) this.#campaigns.delete(mandantId);
    else this.#campaigns.set(mandantId, campaigns);
    this.#liveVersions.set(mandantId, versions);
    this.#revisions.set(mandantId, revision);
  }
}
