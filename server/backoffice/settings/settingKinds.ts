import { Ajv, type ErrorObject } from 'ajv';
import { CHANNEL_MODULES, type ChannelModule } from '../../../schemas/api.ts';
import type { SettingKind } from '../../../schemas/backofficeSettings.ts';
import { backofficeChannelRanksSchema } from '../../../schemas/forms/backofficeChannelRanks.ts';
import type { PraemienKatalog } from '../../../schemas/praemien.ts';
import type { ProblemDetail } from '../../http/ApiProblem.ts';
import type { LoadedMandant } from '../../mandants/LoadedMandant.ts';
import { describeAjvError } from '../../mandants/ProblemList.ts';
import { toMandantResponse } from '../../mandants/toMandantResponse.ts';
import { type CampaignEntry, campaignProblems, validateCampaigns } from '../../recommendations/campaigns.ts';
import { catalogueProblems, validateCatalogue } from '../../rewards/readRewardCatalogue.ts';

/** What a mandant's file says for each kind: the default, and what "back to the file" restores. */
export interface FileSettings {
  mandant: LoadedMandant;
  /** aktionen.json's campaigns; undefined when the mandant has no file. */
  campaigns: readonly CampaignEntry[] | undefined;
}

/** The live override documents of one mandant, by kind (validated). */
export type LiveDocuments = Partial<Record<SettingKind, unknown>>;

const validateChannelRanks = new Ajv({ allErrors: true, strict: true, verbose: true }).compile(
  backofficeChannelRanksSchema,
);

/** The value of `kind` in the mandant's files, in the shape an override document has. */
export function fileValue(kind: SettingKind, file: FileSettings): unknown {
  if (kind === 'praemien') return file.mandant.praemien;
  if (kind === 'aktionen') return { aktionen: file.campaigns ?? [] };
  return channelRanksOf(file.mandant);
}

export function channelRanksOf(mandant: LoadedMandant): Record<ChannelModule, number> {
  return Object.fromEntries(CHANNEL_MODULES.map((module) => [module, mandant.config[module]])) as Record<
    ChannelModule,
    number
  >;
}

/**
 * Checks a document with the file's own schema (praemien.schema.json, aktionen.schema.json, the Module*
 * properties of mandant.schema.json) and the checks the file loader adds (unique ids, dates, images, texts
 * for every offered language). Answers the document with the schema's defaults applied, or the problems
 * with JSON pointers into the document.
 */
export async function checkSetting(
  kind: SettingKind,
  document: unknown,
  mandant: LoadedMandant,
): Promise<{ value: unknown; problems: ProblemDetail[] }> {
  const value = structuredClone(document);
  if (kind === 'praemien') {
    if (!validateCatalogue(value)) return { value, problems: ajvProblems(validateCatalogue.errors) };
    return {
      value,
      problems: await catalogueProblems(value as unknown as PraemienKatalog, mandant.assetRoots),
    };
  }
  if (kind === 'aktionen') {
    if (!validateCampaigns(value)) return { value, problems: ajvProblems(validateCampaigns.errors) };
    const aktionen = (value as { aktionen: CampaignEntry[] }).aktionen;
    return { value, problems: campaignProblems(aktionen, mandant.config.SupportedLanguage.Sprache) };
  }
  if (!validateChannelRanks(value)) return { value, problems: ajvProblems(validateChannelRanks.errors) };
  return { value, problems: [] };
}

function ajvProblems(errors: ErrorObject[] | null | undefined): ProblemDetail[] {
  const problems: ProblemDetail[] = [];
  for (const error of errors ?? []) {
    const problem = describeAjvError(error);
    if (problem) {
      problems.push({
        pointer: problem.pointer,
        reason: problem.hint ? `${problem.reason} (${problem.hint})` : problem.reason,
      });
    }
  }
  return problems;
}

/**
 * The mandant as the server uses it: the file's mandant with the live overrides in place of the file's
 * catalogue and channel ranks (its configuration answer and boot data rebuilt). The same object when
 * nothing is overridden.
 */
export function effectiveMandant(file: LoadedMandant, live: LiveDocuments): LoadedMandant {
  if (live.praemien === undefined && live.channelRanks === undefined) return file;
  const config =
    live.channelRanks === undefined
      ? file.config
      : { ...file.config, ...(live.channelRanks as Record<ChannelModule, number>) };
  return {
    ...file,
    config,
    praemien: (live.praemien as PraemienKatalog | undefined) ?? file.praemien,
    response: config === file.config ? file.response : toMandantResponse(file.id, config, file.pages),
  };
}

/** The campaigns the server offers: the live override's, else the file's (undefined: none). */
export function effectiveCampaigns(
  file: FileSettings,
  live: LiveDocuments,
): readonly CampaignEntry[] | undefined {
  return live.aktionen === undefined
    ? file.campaigns
    : (live.aktionen as { aktionen: CampaignEntry[] }).aktionen;
}
