import type { AgencyUserStatus } from '../db/DatabaseSchema.ts';
import { ApiProblem } from '../http/ApiProblem.ts';

/**
 * Refuses an agency user who may not sign in, by any way in (SSO, e-mail and password): barred from the
 * programme (SPEC 6) answers like a blocked recommender account (403 PSOF0203), deactivated by the agency's
 * owner 403 PSOF0613. Called only after the provider or the password proved who is asking.
 */
export function assertAgencyUserCanSignIn(user: { status: AgencyUserStatus }): void {
  if (user.status === 'blocked') throw new ApiProblem('PSOF0203');
  if (user.status === 'inactive') throw new ApiProblem('PSOF0613');
}
