import type { KeyValue, MandantResponse } from '../../schemas/api.ts';
import type { RouteTable } from '../router/routeTable.ts';

/** A language the mandant offers, with the name to show for it (from /content/getlanguages when given). */
export interface LanguageOption {
  readonly code: string;
  readonly label: string | null;
}

/** Everything the runtime needs to render, derived once from the boot data. */
export interface RuntimeConfig {
  readonly mandantId: string;
  readonly mandant: MandantResponse;
  readonly routeTable: RouteTable;
  readonly languages: readonly LanguageOption[];
  readonly defaultLanguage: string;
  /** The language whose content came with the boot data. */
  readonly language: string;
  readonly languageContent: readonly KeyValue[];
}
