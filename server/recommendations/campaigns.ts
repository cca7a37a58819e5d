import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Ajv } from 'ajv';
import aktionenSchema from '../../schemas/aktionen.schema.json' with { type: 'json' };
import type { Aktion } from '../../schemas/recommendFormApi.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import type { ProblemList } from '../mandants/ProblemList.ts';
import { readJsonFile } from '../mandants/readJsonFile.ts';

export const CAMPAIGNS_FILE = 'aktionen.json';

/** A campaign as mandants/NAME/aktionen.json holds it (schemas/aktionen.schema.json). */
export interface CampaignEntry {
  AktionsId: string;
  Titel: Record<string, string>;
  Text: Record<string, string>;
  RechtsText: Record<string, string>;
  abgehakt: boolean;
  Zustimmung: boolean;
  Startdatum: string | null;
  Enddatum: string | null;
}

/** aktionen.schema.json, compiled once; also validates the back office's overrides. */
export const validateCampaigns = new Ajv({
  allErrors: true,
  strict: true,
  useDefaults: true,
  verbose: true,
}).compile(aktionenSchema);

/**
 * The campaigns of a mandant, or undefined when it has no aktionen.json. Problems (schema, duplicate ids,
 * a language the mandant offers without text) go to `problems` with file and JSON pointer.
 */
export async function readCampaigns(
  mandant: Pick<LoadedMandant, 'dir' | 'config'>,
  problems: ProblemList,
): Promise<CampaignEntry[] | undefined> {
  const file = path.join(mandant.dir, CAMPAIGNS_FILE);
  if (!(await stat(file).catch(() => undefined))?.isFile()) return undefined;
  const raw = await readJsonFile(file, problems);
  if (raw === undefined) return undefined;
  if (!validateCampaigns(raw)) {
    problems.addAjv(file, validateCampaigns.errors);
    return undefined;
  }
  const aktionen = (raw as { aktionen: CampaignEntry[] }).aktionen;
  for (const problem of campaignProblems(aktionen, mandant.config.SupportedLanguage.Sprache)) {
    problems.add(file, problem.pointer, problem.reason);
  }
  return aktionen;
}

/**
 * What the schema cannot check: unique ids and a text for every offered language. Shared by the file
 * (above) and the back office's overrides (server/backoffice/settings).
 */
export function campaignProblems(
  aktionen: readonly CampaignEntry[],
  languages: readonly string[],
): { pointer: string; reason: string }[] {
  const problems: { pointer: string; reason: string }[] = [];
  const seen = new Set<string>();
  for (const [index, aktion] of aktionen.entries()) {
    if (seen.has(aktion.AktionsId)) {
      problems.push({
        pointer: `/aktionen/${index}/AktionsId`,
        reason: `duplicate campaign id "${aktion.AktionsId}"`,
      });
    }
    seen.add(aktion.AktionsId);
    for (const field of ['Titel', 'Text', 'RechtsText'] as const) {
      for (const language of languages) {
        if (!aktion[field][language]) {
          problems.push({
            pointer: `/aktionen/${index}/${field}`,
            reason: `no text for the offered language "${language}"`,
          });
        }
      }
    }
  }
  return problems;
}

/** Offered now: started (or no start) and not ended (or no end). `now` is Berlin wall-clock wire time. */
export function isCampaignActive(
  aktion: Pick<CampaignEntry, 'Startdatum' | 'Enddatum'>,
  now: string,
): boolean {
  return (
    (aktion.Startdatum === null || aktion.Startdatum <= now) &&
    (aktion.Enddatum === null || aktion.Enddatum >= now)
  );
}

/** The wire form of a campaign in one language (the mandant's default when that language has no text). */
export function localiseCampaign(aktion: CampaignEntry, language: string, fallback: string): Aktion {
  const text = (value: Record<string, string>) =>
    value[language] ?? value[fallback] ?? Object.values(value)[0] ?? '';
  return {
    AktionsId: aktion.AktionsId,
    Titel: text(aktion.Titel),
    Text: text(aktion.Text),
    RechtsText: text(aktion.RechtsText),
    abgehakt: aktion.abgehakt,
    Zustimmung: aktion.Zustimmung,
  };
}
