import { wireDateTime } from '../../domain/format.ts';
import { isChoosable, type Praemierung } from '../../schemas/praemien.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import { findEntry, toRewardOption } from './rewardCatalogue.ts';
import type { RewardRecord } from './rewardStore.ts';

/** The wire form of a reward (GET /praemierung/); `details` adds the chosen catalogue entry. */
export function toRewardResponse(
  record: RewardRecord,
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
    answer.Praemie = entry ? toRewardOption(mandant, entry, language) : null;
  }
  return answer;
}
