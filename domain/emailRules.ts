/**
 * Who may take part, by e-mail address (SPEC 3 EmailWhitelist, SPEC 6 exclusion by wildcard). The forms and
 * the server decide alike; addresses are compared in lower case.
 */

/**
 * The mandant's EmailWhitelist (SPEC 3, 5): when it is not empty, only addresses of these domains (or their
 * subdomains) may take part; a violation is PSOF0301 ('e-mail not allowed, contact support') on the account
 * calls and PSOF0302 on the recommendation form.
 */
export function isEmailAllowed(email: string, whitelist: readonly string[]): boolean {
  if (whitelist.length === 0) return true;
  const domain = email.trim().toLowerCase().split('@').pop() ?? '';
  return whitelist.some((entry) => {
    const allowed = entry.trim().toLowerCase().replace(/^@/, '');
    return domain === allowed || domain.endsWith(`.${allowed}`);
  });
}

const cache = new Map<string, RegExp>();

/** A wildcard (`*` any run of characters, `?` one character) as a whole-address, case-insensitive pattern. */
function wildcardPattern(wildcard: string): RegExp {
  let pattern = cache.get(wildcard);
  if (!pattern) {
    const source = wildcard
      .trim()
      .toLowerCase()
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.');
    pattern = new RegExp(`^${source}$`);
    cache.set(wildcard, pattern);
  }
  return pattern;
}

/**
 * SPEC 6: "Agents or employees flagged by wildcard may be blocked from the programme." The mandant lists
 * wildcards of its staff's and its agents' addresses (`ExcludedEmailWildcards`, e.g. `*@netzplus.de`,
 * `vertrieb.*@*.netzplus.de`); such an address may not become or act as a recommender: PSOF0206, SPEC 8's
 * "account blocked" variant for employees and service providers barred by the terms.
 */
export function isExcludedByWildcard(email: string, wildcards: readonly string[]): boolean {
  const address = email.trim().toLowerCase();
  return wildcards.some((wildcard) => wildcardPattern(wildcard).test(address));
}
