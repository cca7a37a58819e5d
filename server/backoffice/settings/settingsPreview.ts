import fastJsonPatch from 'fast-json-patch';
import { wireDateTime } from '../../../domain/format.ts';
import { enabledChannels } from '../../../domain/recommendationLinks.ts';
import { isRewardActive } from '../../../domain/rewards.ts';
import type { SettingEntryChange, SettingKind, SettingPreview } from '../../../schemas/backofficeSettings.ts';
import type { PraemienKatalog } from '../../../schemas/praemien.ts';
import type { LoadedMandant } from '../../mandants/LoadedMandant.ts';
import { type CampaignEntry, isCampaignActive } from '../../recommendations/campaigns.ts';

interface Entry {
  id: string;
  title: string;
  active: boolean;
  start: string | null;
  end: string | null;
  value: Record<string, unknown>;
}

/**
 * What changes if `next` goes live in place of `current` (both documents of `kind`): a JSON Patch between
 * them, the rewards or campaigns that appear, disappear, change, start or stop being offered now, and the
 * order of the share channels before and after.
 */
export function previewSetting(
  kind: SettingKind,
  version: number,
  current: unknown,
  next: unknown,
  mandant: LoadedMandant,
  now = new Date(),
): SettingPreview {
  const wireNow = wireDateTime(now);
  const diff = fastJsonPatch.compare(current as object, next as object);
  const channels = (value: unknown) =>
    enabledChannels({ ...mandant.config, ...(value as Record<string, number>) }) as string[];
  return {
    Art: kind,
    Version: version,
    Wert: next,
    Diff: diff,
    Eintraege:
      kind === 'channelRanks'
        ? []
        : entryChanges(entriesOf(kind, current, wireNow), entriesOf(kind, next, wireNow)),
    KanaeleVorher: kind === 'channelRanks' ? channels(current) : [],
    KanaeleNachher: kind === 'channelRanks' ? channels(next) : [],
  };
}

function entriesOf(kind: SettingKind, document: unknown, now: string): Map<string, Entry> {
  if (kind === 'praemien') {
    return new Map(
      (document as PraemienKatalog).praemien.map((entry) => [
        entry.Id,
        {
          id: entry.Id,
          title: entry.Titel,
          active: isRewardActive(entry, now),
          start: entry.Startdatum,
          end: entry.Enddatum,
          value: { ...entry },
        },
      ]),
    );
  }
  return new Map(
    (document as { aktionen: CampaignEntry[] }).aktionen.map((entry) => [
      entry.AktionsId,
      {
        id: entry.AktionsId,
        title: entry.Titel.de ?? Object.values(entry.Titel)[0] ?? entry.AktionsId,
        active: isCampaignActive(
          { Startdatum: entry.Startdatum ?? null, Enddatum: entry.Enddatum ?? null },
          now,
        ),
        start: entry.Startdatum ?? null,
        end: entry.Enddatum ?? null,
        value: { ...entry },
      },
    ]),
  );
}

function entryChanges(before: Map<string, Entry>, after: Map<string, Entry>): SettingEntryChange[] {
  const changes: SettingEntryChange[] = [];
  for (const [id, old] of before) {
    const next = after.get(id);
    if (!next) {
      changes.push(change(old, 'entfernt', [], old.active, null));
      continue;
    }
    const fields = [...new Set([...Object.keys(old.value), ...Object.keys(next.value)])].filter(
      (field) => JSON.stringify(old.value[field]) !== JSON.stringify(next.value[field]),
    );
    if (fields.length > 0) changes.push(change(next, 'geaendert', fields, old.active, next.active));
  }
  for (const [id, next] of after) {
    if (!before.has(id)) changes.push(change(next, 'neu', [], null, next.active));
  }
  return changes;
}

function change(
  entry: Entry,
  kind: SettingEntryChange['Aenderung'],
  fields: string[],
  activeBefore: boolean | null,
  activeAfter: boolean | null,
): SettingEntryChange {
  return {
    Id: entry.id,
    Titel: entry.title,
    Aenderung: kind,
    Felder: fields,
    AktivVorher: activeBefore,
    AktivNachher: activeAfter,
    Startdatum: entry.start,
    Enddatum: entry.end,
  };
}
