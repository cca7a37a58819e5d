/**
 * Settings without a deploy (issue 15): wire shapes of `backoffice/einstellungen/*`, relative to
 * /api/v1/{mandant}. Three settings of a mandant's JSON can be overridden in the back office: the reward
 * catalogue (praemien.json), the campaigns (aktionen.json) and the channel ranks (the Module* share channels
 * of mandant.json). Each override is a versioned document validated by the file's own schema; the file
 * stays the default.
 */

export const SETTING_KINDS = ['praemien', 'aktionen', 'channelRanks'] as const;
export type SettingKind = (typeof SETTING_KINDS)[number];

export const SETTING_STATUSES = ['draft', 'live', 'retired'] as const;
export type SettingStatus = (typeof SETTING_STATUSES)[number];

export const BACKOFFICE_SETTINGS_PATHS = {
  /** GET: the effective value, its source and the history. */
  setting: (kind: SettingKind) => `/backoffice/einstellungen/${kind}`,
  /** POST: save a draft. */
  drafts: (kind: SettingKind) => `/backoffice/einstellungen/${kind}/entwuerfe`,
  /** GET: one version with its document. */
  version: (kind: SettingKind, version: number) => `/backoffice/einstellungen/${kind}/versionen/${version}`,
  /** GET: the configuration as it would be with this version live. */
  preview: (kind: SettingKind, version: number) =>
    `/backoffice/einstellungen/${kind}/versionen/${version}/vorschau`,
  /** POST: a draft goes live. */
  publish: (kind: SettingKind, version: number) =>
    `/backoffice/einstellungen/${kind}/versionen/${version}/veroeffentlichen`,
  /** POST: a new live version copying an earlier one. */
  rollback: (kind: SettingKind, version: number) =>
    `/backoffice/einstellungen/${kind}/versionen/${version}/zuruecksetzen`,
  /** POST: back to the mandant's file (no override live). */
  toFile: (kind: SettingKind) => `/backoffice/einstellungen/${kind}/datei`,
} as const;

/** One version of an override (without its document). */
export interface SettingVersion {
  Version: number;
  Status: SettingStatus;
  Notiz: string;
  /** The e-mail of the back-office user who wrote it. */
  Autor: string;
  /** ISO 8601 instants. */
  ErstelltAm: string;
  VeroeffentlichtAm: string | null;
  /** A rollback's copy names the version it copied. */
  KopieVon: number | null;
}

export interface SettingVersionDetail extends SettingVersion {
  Wert: unknown;
}

/** GET backoffice/einstellungen/{art}. */
export interface SettingState {
  Art: SettingKind;
  /** What the server uses now. */
  Wert: unknown;
  /** `datei`: the mandant's file; `version`: the live override `LiveVersion`. */
  Quelle: 'datei' | 'version';
  LiveVersion: number | null;
  /** The value of the mandant's file (the default, and what "back to the file" restores). */
  Datei: unknown;
  /** The newest versions first (at most 100). */
  Versionen: SettingVersion[];
}

/** POST backoffice/einstellungen/{art}/entwuerfe. */
export interface SettingDraftRequest {
  Wert: unknown;
  Notiz?: string;
}

/**
 * The body of publish, rollback and back-to-file: the live version the user saw (null: the file). Another
 * change since then is 409 PSOF0705.
 */
export interface SettingChangeRequest {
  Basis: number | null;
  Notiz?: string;
}

/** One entry (reward or campaign) whose offer changes for users. */
export interface SettingEntryChange {
  Id: string;
  Titel: string;
  Aenderung: 'neu' | 'entfernt' | 'geaendert';
  /** The changed fields of a `geaendert` entry. */
  Felder: string[];
  /** Offered right now before and after (null: the entry does not exist on that side). */
  AktivVorher: boolean | null;
  AktivNachher: boolean | null;
  Startdatum: string | null;
  Enddatum: string | null;
}

/** GET …/versionen/{version}/vorschau. */
export interface SettingPreview {
  Art: SettingKind;
  Version: number;
  /** The effective value if this version went live. */
  Wert: unknown;
  /** JSON Patch (RFC 6902) from the live value to this version. */
  Diff: { op: string; path: string; value?: unknown; from?: string }[];
  /** Rewards or campaigns that start, end, appear, disappear or change (praemien, aktionen). */
  Eintraege: SettingEntryChange[];
  /** The share channels in their order before and after (channelRanks); hidden ones left out. */
  KanaeleVorher: string[];
  KanaeleNachher: string[];
}
