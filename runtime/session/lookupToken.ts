export interface TokenSources {
  userToken: string | null;
  agencyToken: string | null;
  cookieToken: string | null;
  storedToken: string | null;
}

/** SPEC 6: "Auth token lookup order: user token, agency user token, cookie, local storage." */
export function lookupToken(sources: TokenSources): string | null {
  return sources.userToken || sources.agencyToken || sources.cookieToken || sources.storedToken || null;
}
