import { wireDateTime } from '../../domain/format.ts';
import { activeRewards } from '../../domain/rewards.ts';
import { localisedTexts, type PraemieAuswahl, type PraemienKatalogEintrag } from '../../schemas/praemien.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';

/** SPEC 4, reward window: the catalogue entries that can be chosen at `now`. */
export function activeCatalogue(mandant: LoadedMandant, now = new Date()): PraemienKatalogEintrag[] {
  return activeRewards(mandant.praemien.praemien, wireDateTime(now));
}

/** The active entry with this id, or undefined (unknown, or outside its window). */
export function findActiveEntry(
  mandant: LoadedMandant,
  id: string,
  now = new Date(),
): PraemienKatalogEintrag | undefined {
  return activeCatalogue(mandant, now).find((entry) => entry.Id === id);
}

/** Any entry with this id, active or not (a choice made earlier stays describable). */
export function findEntry(mandant: LoadedMandant, id: string): PraemienKatalogEintrag | undefined {
  return mandant.praemien.praemien.find((entry) => entry.Id === id);
}

/** The wire form of an entry in the request's language; the image by its API path. */
export function toRewardOption(
  mandant: LoadedMandant,
  entry: PraemienKatalogEintrag,
  language: string,
): PraemieAuswahl {
  const { Titel, Beschreibung } = localisedTexts(entry, language);
  return {
    Id: entry.Id,
    Art: entry.Art,
    Titel,
    Beschreibung,
    Partner: entry.Partner ?? null,
    Startdatum: entry.Startdatum,
    Enddatum: entry.Enddatum,
    EnddatumAnzeige: entry.EnddatumAnzeige,
    WertCent: entry.WertCent ?? null,
    Grafik: `/api/v1/${mandant.id}/praemie/${entry.Id}/grafik100`,
  };
}
