import type { MandantConfig } from '../../schemas/api.ts';
import { HEX_QUERY_PARAM } from '../../schemas/recipient.ts';

/** Where a mandant without its own entry finds the recipient pages (mandants/_base/mandant.json). */
export const DEFAULT_RECIPIENT_PATHS = {
  RecipientData: '/empfaenger/:empfehlungsnummer',
  ExpiredRecommendation: '/empfehlung-abgelaufen',
} as const;

export interface ClickTarget {
  empfehlungsnummer: string;
  /** null: unknown or expired, the visitor sees the expired-recommendation page. */
  linkHex: string | null;
  language: string;
  channel: string | null;
  /** SPEC 2: the widget query parameter is carried over between navigations. */
  widget: string | null;
}

/**
 * The path the click redirect sends a visitor to: the recipient data page of the mandant, in the
 * visitor's language, with the channel and the link's hex; or the expired-recommendation page.
 */
export function clickLocation(config: Pick<MandantConfig, 'routes'>, target: ClickTarget): string {
  const query: string[] = [];
  let path: string;
  if (target.linkHex === null) {
    path = config.routes.ExpiredRecommendation ?? DEFAULT_RECIPIENT_PATHS.ExpiredRecommendation;
  } else {
    path = fillPath(config.routes.RecipientData ?? DEFAULT_RECIPIENT_PATHS.RecipientData, {
      empfehlungsnummer: target.empfehlungsnummer,
    });
    if (target.channel) query.push(`channel=${encodeURIComponent(target.channel)}`);
    query.push(`${HEX_QUERY_PARAM}=${encodeURIComponent(target.linkHex)}`);
  }
  if (target.widget !== null) query.push(`widget=${encodeURIComponent(target.widget)}`);
  const normalised = path.startsWith('/') ? path : `/${path}`;
  return `/${target.language}${normalised === '/' ? '' : normalised}${query.length > 0 ? `?${query.join('&')}` : ''}`;
}

/** `/empfaenger/:empfehlungsnummer` (or `{empfehlungsnummer}`) with the parameters filled in, URL-encoded. */
export function fillPath(path: string, params: Readonly<Record<string, string>>): string {
  let template = templates.get(path);
  if (!template) {
    template = compileTemplate(path);
    if (templates.size < MAX_TEMPLATES) templates.set(path, template);
  }
  return template(params);
}

/**
 * Route paths come from mandant configurations: a handful per process. Each is split into its literal and
 * parameter parts once, so that the click redirect (the hot path) fills it without a regular expression.
 */
const templates = new Map<string, (params: Readonly<Record<string, string>>) => string>();
const MAX_TEMPLATES = 1_000;

function compileTemplate(path: string): (params: Readonly<Record<string, string>>) => string {
  const parts: ({ literal: string } | { param: string; segment: string })[] = [];
  let last = 0;
  for (const match of path.matchAll(/(?<=\/|^)(?::(\w+)|\{(\w+)\})(?=\/|$)/g)) {
    parts.push({ literal: path.slice(last, match.index) });
    parts.push({ param: match[1] ?? match[2] ?? '', segment: match[0] });
    last = match.index + match[0].length;
  }
  parts.push({ literal: path.slice(last) });
  return (params) => {
    let filled = '';
    for (const part of parts) {
      if ('literal' in part) filled += part.literal;
      else {
        const value = params[part.param];
        filled += value === undefined ? part.segment : encodeURIComponent(value);
      }
    }
    return filled;
  };
}

/**
 * The language of the redirect: the first offered language of the browser's Accept-Language, else the
 * mandant's default. (On the page the runtime's own rules apply; this only avoids a second redirect.)
 */
export function preferredLanguage(
  acceptLanguage: string | undefined,
  offered: readonly string[],
  fallback: string,
): string {
  if (acceptLanguage) {
    const ranked = acceptLanguage
      .split(',')
      .map((part, index) => {
        const [tag = '', ...params] = part.trim().split(';');
        const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
        const weight = q ? Number.parseFloat(q.slice(2)) : 1;
        return { language: tag.slice(0, 2).toLowerCase(), weight: Number.isNaN(weight) ? 0 : weight, index };
      })
      .filter((entry) => entry.weight > 0)
      .sort((a, b) => b.weight - a.weight || a.index - b.index);
    const match = ranked.find((entry) => offered.includes(entry.language));
    if (match) return match.language;
  }
  return fallback;
}
