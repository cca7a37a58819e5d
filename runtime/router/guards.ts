import type { MandantResponse } from '../../schemas/api.ts';
import type { LocationInput, PageResolution } from './resolveLocation.ts';
import type { RouteTable } from './routeTable.ts';

/**
 * What a guard may look at. Guards (login, forced login, agency login, imprint with ModuleAdv… —
 * SPEC section 2, navigation rules) arrive in a later issue; they extend this context with the session
 * and consent state rather than reading globals, so they stay pure and table-testable.
 */
export interface GuardContext {
  readonly location: LocationInput;
  readonly resolution: PageResolution;
  readonly mandant: MandantResponse;
  readonly table: RouteTable;
}

export interface GuardRedirect {
  /** Full target path including locale and query. */
  readonly to: string;
  /** Why, for logs and tests (e.g. 'login-required'). */
  readonly reason: string;
}

/** A guard returns a redirect, or null to let the page render. */
export type Guard = (context: GuardContext) => GuardRedirect | null;

/** The guards the runtime runs before every page, in order. Empty until the guards issue lands. */
export const defaultGuards: readonly Guard[] = [];

/** The first guard that redirects wins. */
export function runGuards(guards: readonly Guard[], context: GuardContext): GuardRedirect | null {
  for (const guard of guards) {
    const redirect = guard(context);
    if (redirect) return redirect;
  }
  return null;
}
