import type { AgencyStatus, AgencyUserStatus } from '../db/DatabaseSchema.ts';
import { ApiProblem } from '../http/ApiProblem.ts';

/**
 * Refuses an agency user who may not sign in, by any way in (SSO, e-mail and password): barred from the
 * programme (SPEC 6) answers like a blocked recommender account (403 PSOF0203), deactivated by the agency's
 * owner 403 PSOF0613. Staff of an agency that registered itself and is not active yet (issue 14,
 * server/agency/registration) hear why: registration not complete 403 PSOF0661, being reviewed 403
 * PSOF0660, not accepted 403 PSOF0662. Called only after the provider or the password proved who is asking.
 */
export function assertAgencyUserCanSignIn(user: {
  status: AgencyUserStatus;
  agencyStatus?: AgencyStatus | null;
}): void {
  if (user.status === 'blocked') throw new ApiProblem('PSOF0203');
  if (user.status === 'inactive') throw new ApiProblem('PSOF0613');
  if (user.agencyStatus === 'registered') throw new ApiProblem('PSOF0661');
  if (user.agencyStatus === 'pending') throw new ApiProblem('PSOF0660');
  if (user.agencyStatus === 'rejected') throw new ApiProblem('PSOF0662');
}
