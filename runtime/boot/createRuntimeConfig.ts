import type { BootData } from '../../schemas/api.ts';
import { DEFAULT_LANGUAGE } from '../../schemas/constants.ts';
import { buildRouteTable } from '../router/routeTable.ts';
import type { RuntimeConfig } from './RuntimeConfig.ts';

/** Derives the route table and the offered languages from the boot data (pure). */
export function createRuntimeConfig(boot: BootData): RuntimeConfig {
  const supported = boot.routes.SupportedLanguage;
  const codes = supported.Sprache.length > 0 ? supported.Sprache : [DEFAULT_LANGUAGE];
  const defaultLanguage = codes.includes(supported.Standard)
    ? supported.Standard
    : (codes[0] ?? DEFAULT_LANGUAGE);
  const labels = new Map(boot.languages.map((entry) => [entry.Key, entry.Value]));
  return {
    mandantId: boot.mandantId,
    mandant: boot.mandant,
    routeTable: buildRouteTable(boot.routes.Routes, boot.additionalRoutes),
    languages: codes.map((code) => ({ code, label: labels.get(code) || null })),
    defaultLanguage,
    language: codes.includes(boot.language) ? boot.language : defaultLanguage,
    languageContent: boot.languageContent,
  };
}
