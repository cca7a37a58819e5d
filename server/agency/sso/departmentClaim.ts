import type { AgencyRole } from '../../../schemas/account.ts';

/** The roles a department claim can give (SPEC 6); `placeholder` is never given by an identity provider. */
export const SSO_ROLES = ['owner', 'inactiveOwner', 'employee'] as const satisfies readonly AgencyRole[];
export type SsoRole = (typeof SSO_ROLES)[number];

export interface Department {
  /** Matches `agency.sso_department` of the mandant. */
  ssoDepartment: string;
  role: SsoRole;
}

/**
 * The `department` claim (scope `department`) names the agency and the role (issue 14):
 * `"<sso_department>"` — an employee of that agency — or `"<sso_department>:<role>"` with role `owner`,
 * `inactiveOwner` or `employee`. Case matters for the department, as stored in `agency.sso_department`.
 * A list (some providers send one per group) gives the first value that is a valid department.
 * Anything else: undefined (the sign-in is refused, PSOF0612).
 */
export function parseDepartmentClaim(claim: unknown): Department | undefined {
  const values = Array.isArray(claim) ? claim : [claim];
  for (const value of values) {
    if (typeof value !== 'string') continue;
    const match = /^([^:\s]{1,100})(?::([A-Za-z]+))?$/.exec(value.trim());
    if (!match?.[1]) continue;
    const role = match[2] ?? 'employee';
    if (!(SSO_ROLES as readonly string[]).includes(role)) continue;
    return { ssoDepartment: match[1], role: role as SsoRole };
  }
  return undefined;
}

/** What the local provider puts into the claim for a user with these roles (the first SSO role wins). */
export function departmentClaimOf(ssoDepartment: string, roles: readonly string[]): string {
  const role = SSO_ROLES.find((candidate) => roles.includes(candidate)) ?? 'employee';
  return `${ssoDepartment}:${role}`;
}
