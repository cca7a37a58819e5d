import type { MandantResponse } from '../../../schemas/api.ts';
import type { LocationInput, PageResolution } from '../resolveLocation.ts';
import type { RouteTable } from '../routeTable.ts';

/** The login states of SPEC 4, as far as guards need them. */
export interface SessionFacts {
  /** A recommender is logged in. */
  readonly user: boolean;
  /** An agency user is logged in. */
  readonly agency: boolean;
  /** A stored token is still being checked: a guest now may be logged in a moment later. */
  readonly restoring: boolean;
  /** The user logged out on this visit: the Logout page shows its confirmation instead of the login. */
  readonly justLoggedOut: boolean;
  /** The agency user logged out on this visit: the AgencyLogout page shows its confirmation likewise. */
  readonly justLoggedOutAgency: boolean;
  /**
   * The signed-in back-office user's abilities (issue 15), or null without a back-office session. On the
   * server it is never known (the token lives in the tab's sessionStorage): there `backofficeRestoring`.
   */
  readonly backoffice: readonly string[] | null;
  /** This tab's back-office token is being checked (or, on the server, cannot be seen). */
  readonly backofficeRestoring: boolean;
  /** The back-office user signed out on this visit: BackofficeLogout shows its confirmation. */
  readonly justLoggedOutBackoffice: boolean;
}

export const GUEST: SessionFacts = {
  user: false,
  agency: false,
  restoring: false,
  justLoggedOut: false,
  justLoggedOutAgency: false,
  backoffice: null,
  backofficeRestoring: false,
  justLoggedOutBackoffice: false,
};

/**
 * What the server knows while it renders a first paint: a guest, whose back-office session it cannot see
 * (sessionStorage), so back-office pages wait for the browser instead of being sent to the sign-in.
 */
export const SERVER_GUEST: SessionFacts = { ...GUEST, backofficeRestoring: true };

/**
 * What a guard may look at: everything comes in as values (no globals), so guards stay pure and
 * table-testable.
 */
export interface GuardContext {
  readonly location: LocationInput;
  readonly resolution: PageResolution;
  readonly mandant: MandantResponse;
  readonly table: RouteTable;
  readonly session: SessionFacts;
}

export interface GuardRedirect {
  /** Full target path including locale and query. */
  readonly to: string;
  /** Why, for logs and tests (e.g. 'login-required'). */
  readonly reason: string;
}

/** Not decidable yet (the session is being restored): show a loading state, decide again later. */
export interface GuardWait {
  readonly wait: true;
  readonly reason: string;
}

export type GuardDecision = GuardRedirect | GuardWait;

/** A guard returns a decision, or null to let the page render. */
export type Guard = (context: GuardContext) => GuardDecision | null;
