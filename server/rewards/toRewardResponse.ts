import { wireDateTime } from '../../domain/format.ts';
import { isChoosable, type Praemierung } from '../../schemas/praemien.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import { findEntry, toPraemieAuswahl } from './praemienCatalogue.ts';
import type { PraemierungRecord } from './praemierungStore.ts';

/** The wire form of a reward (GET /praemierung/); `details` adds the chosen catalogue entry. */
export function toPraemierung(
  record: PraemierungRecord,
  mandant: LoadedMandant,
  language: string,
  details: boolean,
): Praemierung {
  const answer: Praemierung = {
    Id: record.id,
    Empfehlungsnummer: record.empfehlungsnummer,
    Status: record.status,
    WertCent: record.wertCent,
    PraemieId: record.praemieId,
    GewaehltAm: record.chosenAt ? wireDateTime(record.chosenAt) : null,
    Waehlbar: isChoosable(record.status),
    Empfaenger: record.empfaenger,
  };
  if (details) {
    const entry = record.praemieId ? findEntry(mandant, record.praemieId) : undefined;
    answer.Praemie = entry ? toPraemieAuswahl(mandant, entry, language) : null;
  }
  return answer;
}
