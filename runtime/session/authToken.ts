/**
 * Which bearer token a call carries (SPEC 6): normally the session lookup (user, agency user, cookie,
 * local storage); for reward and recipient paths an explicitly given header wins; customer-number paths
 * use the reward-collection token (praemierungstoken).
 */
export interface AuthTokenRequest {
  /** Path below the mandant's base, e.g. `/empfaenger/bankdaten`. */
  url: string;
  /** Token of an Authorization header the caller set itself, if any. */
  explicit: string | null;
  rewardToken: string | null;
  /** The session lookup of SPEC 6. */
  session: string | null;
  /** The logged-in agency user's token, if any: the agency area's calls carry it (see AGENCY). */
  agencyToken?: string | null;
  /** The back-office user's token (this tab's sessionStorage): sent on back-office paths and only there. */
  backofficeToken?: string | null;
}

const REWARD_OR_RECIPIENT = /^\/?(praemie|praemierung|empfaenger)(\/|\?|$)/i;
const CUSTOMER_NUMBER = /^\/?empfehler\/(GetResultFromKundennummer|SetKundennummerForEmpfehler)(\/|\?|$)/i;
// Not in SPEC: logout names the token it ends (an agency logout while a recommender is logged in too).
const LOGOUT = /^\/?account\/logout(\/|\?|$)/i;

// Not in SPEC: the agency area's calls are answered for an agency user only. With a recommender logged in
// too, the lookup order would send the recommender's token and the 401 would end both sessions.
const AGENCY = /^\/?(agentur|Einladung|content\/agenturvariables)(\/|\?|$)/i;

// Not in SPEC (issue 15, ADR 0022): back-office paths carry the back-office token and never the session
// lookup's, so a recommender's or agency user's token never reaches the back office, and the back-office
// token never leaves it.
const BACKOFFICE = /^\/?backoffice(\/|\?|$)/i;

/** A path of the back office (below the mandant's base): its token, and its own end of session. */
export function isBackofficePath(url: string): boolean {
  return BACKOFFICE.test(url);
}

export function selectAuthToken(request: AuthTokenRequest): string | null {
  const { url, explicit, rewardToken, session, agencyToken, backofficeToken } = request;
  if (BACKOFFICE.test(url)) return explicit || backofficeToken || null;
  if (agencyToken && AGENCY.test(url)) return explicit || agencyToken;
  if (CUSTOMER_NUMBER.test(url)) return rewardToken || explicit || session;
  if (REWARD_OR_RECIPIENT.test(url) || LOGOUT.test(url)) return explicit || session;
  return session || explicit;
}

/** `Bearer abc` → `abc`; anything else → null. */
export function bearerToken(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}
