import {
  BACKOFFICE_SETTINGS_PATHS,
  type SettingKind,
  type SettingPreview,
  type SettingState,
  type SettingVersion,
} from '../../schemas/backofficeSettings.ts';
import { getApiClient } from '../api/api.ts';

/** Settings without a deploy (issue 15, server/backoffice/settings; ability settings). */

/** GET backoffice/einstellungen/{art}: the effective value, its source, the file's value, the versions. */
export async function fetchSetting(kind: SettingKind): Promise<SettingState> {
  return (await (await getApiClient()).get<SettingState>(BACKOFFICE_SETTINGS_PATHS.setting(kind))).data;
}

/** POST …/entwuerfe: a draft (checked by the file's schema; 422 PSOF0790 with pointers). */
export async function saveSettingDraft(
  kind: SettingKind,
  value: unknown,
  note = '',
): Promise<SettingVersion> {
  return (
    await (
      await getApiClient()
    ).post<SettingVersion>(BACKOFFICE_SETTINGS_PATHS.drafts(kind), {
      Wert: value,
      Notiz: note,
    })
  ).data;
}

/** GET …/versionen/{v}/vorschau. */
export async function previewSetting(kind: SettingKind, version: number): Promise<SettingPreview> {
  return (await (await getApiClient()).get<SettingPreview>(BACKOFFICE_SETTINGS_PATHS.preview(kind, version)))
    .data;
}

/** POST …/veroeffentlichen: `basis` is the live version shown (null: the file). */
export async function publishSetting(kind: SettingKind, version: number, basis: number | null) {
  return (
    await (
      await getApiClient()
    ).post<SettingState>(BACKOFFICE_SETTINGS_PATHS.publish(kind, version), {
      Basis: basis,
    })
  ).data;
}

/** POST …/zuruecksetzen: a new live version copying `version`. */
export async function rollBackSetting(kind: SettingKind, version: number, basis: number | null) {
  return (
    await (
      await getApiClient()
    ).post<SettingState>(BACKOFFICE_SETTINGS_PATHS.rollback(kind, version), {
      Basis: basis,
    })
  ).data;
}

/** POST …/datei: back to the mandant's file. */
export async function settingBackToFile(kind: SettingKind, basis: number | null) {
  return (
    await (await getApiClient()).post<SettingState>(BACKOFFICE_SETTINGS_PATHS.toFile(kind), { Basis: basis })
  ).data;
}
