import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { assembleMandant } from './assembleMandant.ts';
import { isReservedHost } from './hostToMandant.ts';
import type { LoadedMandant } from './LoadedMandant.ts';
import { MandantRegistry } from './MandantRegistry.ts';
import { ProblemList } from './ProblemList.ts';
import { readMandantSource } from './readMandantSource.ts';

/** A mandant id is a DNS label, so that ID.localhost and /api/v1/ID/… both work. */
const MANDANT_ID = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
export const BASE_FOLDER = '_base';

export interface LoadMandantsOptions {
  /** Overrides `default: true` in the files (DEFAULT_MANDANT). */
  defaultMandant?: string;
  /** Problem paths are shown relative to this folder; default the working directory. */
  cwd?: string;
  /**
   * Also check what would go live incomplete (server/mandants/checks/mandantChecks.ts): `validate`, the data
   * test and a start with MANDANT_CHECKS=go-live. Off by default for the tests' small fixture mandants.
   */
  goLive?: boolean;
}

/**
 * Loads and validates every mandant under `dir` (DESIGN "Server": an invalid file stops the start with its
 * path, JSON pointer and reason). Reads `_base/` and each folder not starting with `.` or `_`. Collects all
 * problems and throws one MandantConfigError listing them. Reusable by the onboarding CLI and tests.
 */
export async function loadMandants(dir: string, options: LoadMandantsOptions = {}): Promise<MandantRegistry> {
  const root = path.resolve(dir);
  const problems = new ProblemList(options.cwd);
  let folders: string[];
  try {
    const entries = await readdir(root, { withFileTypes: true });
    folders = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  } catch (error) {
    problems.add(
      root,
      '',
      `cannot read the mandants folder: ${error instanceof Error ? error.message : String(error)}`,
    );
    throw problems.toError();
  }

  const base = folders.includes(BASE_FOLDER)
    ? await readMandantSource(path.join(root, BASE_FOLDER), problems, { configRequired: false })
    : undefined;
  const ids = folders.filter((name) => !name.startsWith('.') && !name.startsWith('_')).sort();
  if (ids.length === 0)
    problems.add(root, '', 'no mandant folders found (every folder but _base and .* / _* is one)');

  const mandants: LoadedMandant[] = [];
  for (const id of ids) {
    const dirOfMandant = path.join(root, id);
    if (!MANDANT_ID.test(id)) {
      problems.add(
        dirOfMandant,
        '',
        'folder name must be a lower-case host label (a-z, 0-9, "-"), it is the mandant id',
      );
      continue;
    }
    const own = await readMandantSource(dirOfMandant, problems, { configRequired: true });
    const mandant = await assembleMandant(id, own, base, problems, { goLive: options.goLive ?? false });
    if (mandant) mandants.push(mandant);
  }

  const defaultId = chooseDefault(root, mandants, options.defaultMandant, problems);
  checkHosts(mandants, new Set(ids), problems);
  if (problems.size > 0 || defaultId === undefined) throw problems.toError();
  return new MandantRegistry(mandants, defaultId);
}

function chooseDefault(
  root: string,
  mandants: LoadedMandant[],
  override: string | undefined,
  problems: ProblemList,
): string | undefined {
  if (override) {
    if (mandants.some((mandant) => mandant.id === override)) return override;
    if (problems.size === 0)
      problems.add(root, '', `DEFAULT_MANDANT names "${override}", but there is no such mandant`);
    return undefined;
  }
  const defaults = mandants.filter((mandant) => mandant.config.default);
  if (defaults.length === 1) return defaults[0]?.id;
  if (defaults.length === 0) {
    // Only meaningful when every mandant loaded; otherwise the default may be among the broken ones.
    if (problems.size === 0) {
      problems.add(
        root,
        '',
        'no mandant has "default": true; set it in one mandant.json or set DEFAULT_MANDANT',
      );
    }
    return undefined;
  }
  const names = defaults.map((mandant) => mandant.id).join(', ');
  for (const mandant of defaults) {
    problems.add(
      path.join(mandant.dir, 'mandant.json'),
      '/default',
      `only one mandant may be the default, but these are: ${names}`,
    );
  }
  return undefined;
}

function checkHosts(mandants: LoadedMandant[], ids: ReadonlySet<string>, problems: ProblemList): void {
  const claims = new Map<string, string[]>();
  for (const mandant of mandants) {
    mandant.config.hosts.forEach((host, index) => {
      const file = path.join(mandant.dir, 'mandant.json');
      if (isReservedHost(host)) {
        const meaning =
          host.endsWith('.localhost') && ids.has(host.slice(0, -'.localhost'.length))
            ? 'it already names another mandant'
            : 'localhost names are mapped automatically';
        problems.add(file, `/hosts/${index}`, `host "${host}" cannot be claimed: ${meaning}`);
        return;
      }
      claims.set(host, [...(claims.get(host) ?? []), mandant.id]);
    });
  }
  for (const [host, owners] of claims) {
    if (owners.length < 2) continue;
    for (const mandant of mandants.filter((candidate) => owners.includes(candidate.id))) {
      const index = mandant.config.hosts.indexOf(host);
      problems.add(
        path.join(mandant.dir, 'mandant.json'),
        `/hosts/${index}`,
        `host "${host}" is claimed by more than one mandant: ${owners.join(', ')}`,
      );
    }
  }
}
