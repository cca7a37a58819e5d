import type { RouteEntry } from '../../schemas/api.ts';

/** One path of the route table: a route name and its path below `/{locale}` (`:name` marks a parameter). */
export interface RouteTableEntry {
  readonly name: string;
  readonly path: string;
  readonly segments: readonly string[];
}

export type RouteTable = readonly RouteTableEntry[];

export type RouteParams = Readonly<Record<string, string>>;

export interface RouteMatch {
  readonly name: string;
  readonly params: RouteParams;
}

/**
 * Paths come from mandant files and the original backend: accept `{param}` as well as `:param`, a missing
 * leading slash, doubled and trailing slashes, so that one spelling of a path always matches.
 */
export function normalisePath(path: string): string {
  const segments = splitPath(path).map((segment) => segment.replace(/^\{(\w+)\}$/, ':$1'));
  return `/${segments.join('/')}`;
}

function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/**
 * The default routes (route name → path) come first, so that linking to a route name uses its default
 * path; additional routes only add further paths for known names (SPEC section 2).
 */
export function buildRouteTable(
  routes: Readonly<Record<string, string>>,
  additionalRoutes: readonly RouteEntry[] = [],
): RouteTable {
  const entries: [string, string][] = [
    ...Object.entries(routes),
    ...additionalRoutes.map((entry): [string, string] => [entry.RouteName, entry.Route]),
  ];
  return entries.map(([name, rawPath]) => {
    const path = normalisePath(rawPath);
    return { name, path, segments: splitPath(path) };
  });
}

function isParam(segment: string): boolean {
  return segment.startsWith(':');
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function matchEntry(entry: RouteTableEntry, segments: readonly string[]): RouteParams | null {
  if (entry.segments.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [index, expected] of entry.segments.entries()) {
    const actual = segments[index] as string;
    if (isParam(expected)) params[expected.slice(1)] = decode(actual);
    // Case-insensitive like the server's routing: links in old mails use mixed case.
    else if (expected.toLowerCase() !== decode(actual).toLowerCase()) return null;
  }
  return params;
}

function staticSegmentCount(entry: RouteTableEntry): number {
  return entry.segments.filter((segment) => !isParam(segment)).length;
}

/** Finds the route for a path below the locale: the most specific entry wins (more static segments). */
export function matchRoute(table: RouteTable, path: string): RouteMatch | null {
  const segments = splitPath(path);
  let best: { match: RouteMatch; score: number } | null = null;
  for (const entry of table) {
    const params = matchEntry(entry, segments);
    if (!params) continue;
    const score = staticSegmentCount(entry);
    if (!best || score > best.score) best = { match: { name: entry.name, params }, score };
  }
  return best?.match ?? null;
}

/** The path of a route name with its parameters filled in, or null when the name or a parameter is missing. */
export function routePath(table: RouteTable, name: string, params: RouteParams = {}): string | null {
  const entry = table.find((candidate) => candidate.name === name);
  if (!entry) return null;
  const filled: string[] = [];
  for (const segment of entry.segments) {
    if (!isParam(segment)) {
      filled.push(segment);
      continue;
    }
    const value = params[segment.slice(1)];
    if (value === undefined || value === '') return null;
    filled.push(encodeURIComponent(value));
  }
  return `/${filled.join('/')}`;
}

export function hasRoute(table: RouteTable, name: string): boolean {
  return table.some((entry) => entry.name === name);
}
