import type { PageFile } from '../../domain/merge.ts';
import type {
  DefaultRoutesResponse,
  KeyValue,
  MandantConfig,
  MandantResponse,
  RouteEntry,
} from '../../schemas/api.ts';
import type { PraemienKatalog } from '../../schemas/praemien.ts';

/** A mandant after loading: merged over _base, defaults applied, validated, with its wire answers ready. */
export interface LoadedMandant {
  id: string;
  /** Absolute path of mandants/{id}/. */
  dir: string;
  /** The merged configuration; theme asset names are still file names here. */
  config: MandantConfig;
  /** Merged pages keyed by route name. */
  pages: Record<string, PageFile>;
  /** Folders searched for /mandant-assets/{id}/… : the mandant's assets/, then _base/assets/. */
  assetRoots: string[];
  /** sha256 of config, pages and texts; stored in the mandant table so a change is visible in the data. */
  configHash: string;
  /** GET /api/v1/mandant/{id} */
  response: MandantResponse;
  /** GET /api/v1/{id}/route/default */
  defaultRoutes: DefaultRoutesResponse;
  /** GET /api/v1/{id}/route/additional */
  additionalRoutes: RouteEntry[];
  /** GET /api/v1/{id}/content/getlanguages */
  languages: KeyValue[];
  /** GET /api/v1/{id}/content/getlanguagecontent/{lang}, for each offered language (_base texts + own). */
  languageContent: ReadonlyMap<string, KeyValue[]>;
  /** The reward catalogue (praemien.json, else _base's; empty when neither exists). */
  praemien: PraemienKatalog;
}
