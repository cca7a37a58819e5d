/** Where the runtime shows the login page when the mandant's routes do not name it. */
export const DEFAULT_LOGIN_PATH = '/login';

/**
 * The path of SPEC's admin token login for a single-use login token: the mandant's `Admin` route with its
 * `:token` filled in, else the token appended to the login path (`{Login}/{token}`). Without language; the
 * caller puts `/{locale}` in front. Used by the demo's start lines and the back office's support (issue 15).
 */
export function adminLoginPath(routes: Readonly<Record<string, string | undefined>>, token: string): string {
  const admin = routes.Admin;
  return admin?.includes(':token')
    ? admin.replace(':token', encodeURIComponent(token))
    : `${routes.Login ?? DEFAULT_LOGIN_PATH}/${encodeURIComponent(token)}`;
}
