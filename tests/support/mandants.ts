import { readdirSync } from 'node:fs';
import type { DefaultRoutesResponse } from '../../schemas/api.ts';
import { MANDANTS_DIR } from './server.ts';

/** Every mandant folder (not `_base`, not hidden): the conformance suite runs for each. */
export function mandantIds(dir = MANDANTS_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_') && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
}

export async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

export interface MandantRoutes {
  languages: string[];
  standard: string;
  routes: Record<string, string>;
}

export async function mandantRoutes(baseUrl: string, mandant: string): Promise<MandantRoutes> {
  const answer = await fetchJson<DefaultRoutesResponse>(`${baseUrl}/api/v1/${mandant}/route/default`);
  return {
    languages: answer.SupportedLanguage.Sprache,
    standard: answer.SupportedLanguage.Standard,
    routes: answer.Routes,
  };
}
