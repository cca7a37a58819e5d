import type { MandantResponse } from '../../schemas/api.ts';
import type { Guard, GuardDecision, SessionFacts } from './guards/Guard.ts';
import { runGuards } from './guards/runGuards.ts';
import { type LocationInput, NOT_FOUND_ROUTE, type Resolution, resolveLocation } from './resolveLocation.ts';
import type { RouteParams, RouteTable } from './routeTable.ts';

export interface RouteInputs {
  readonly mandant: MandantResponse;
  readonly table: RouteTable;
  readonly languages: readonly string[];
  readonly defaultLanguage: string;
  /** For a URL without a language (SPEC 2: stored, else browser, else default). */
  readonly preferredLanguage: string;
  readonly session: SessionFacts;
  readonly guards: readonly Guard[];
}

export interface RouteDecision {
  readonly resolution: Resolution;
  /** A redirect (navigation rule or guard), a wait for the session restore, or null to render. */
  readonly decision: GuardDecision | Resolution | null;
  /** Where to go instead of rendering, if anywhere. */
  readonly redirectTo: string | null;
  /** The page's route name: FileNotFound for unknown locales and paths. */
  readonly routeName: string;
  readonly route: { readonly name: string; readonly params: RouteParams } | null;
  /** The route's language; null while redirecting (the language follows where the redirect lands). */
  readonly locale: string | null;
}

/**
 * What a location shows (SPEC 2): the navigation rules, then the guards. Pure, so the browser's router
 * and the server's first paint decide alike.
 */
export function decideRoute(location: LocationInput, inputs: RouteInputs): RouteDecision {
  const { mandant, table, session, guards } = inputs;
  const resolution = resolveLocation(location, {
    table,
    languages: inputs.languages,
    defaultLanguage: inputs.defaultLanguage,
    preferredLanguage: inputs.preferredLanguage,
  });
  const decision =
    resolution.kind === 'redirect'
      ? resolution
      : resolution.kind === 'page'
        ? runGuards(guards, { location, resolution, mandant, table, session })
        : null;
  const redirectTo = decision && 'to' in decision ? decision.to : null;
  return {
    resolution,
    decision,
    redirectTo,
    routeName: resolution.kind === 'page' ? resolution.routeName : NOT_FOUND_ROUTE,
    route: resolution.kind === 'page' ? { name: resolution.routeName, params: resolution.params } : null,
    locale: resolution.kind === 'redirect' ? null : resolution.locale,
  };
}
