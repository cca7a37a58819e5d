import { atom } from 'jotai';
import type { AgencyTokenResponse, LoginResponse } from '../../schemas/account.ts';
import type { BankDetails } from '../../schemas/personalArea.ts';

/** The logged-in recommender as blocks see it: the login answer without its token (SPEC 3, current user). */
export type SessionUser = Omit<LoginResponse, 'Token'>;
/** The logged-in agency user (SPEC 3): name, e-mail and roles, without the token. */
export type AgencyUser = Omit<AgencyTokenResponse, 'Token'>;
export const userAtom = atom<SessionUser | null>(null);
/** Kept apart from the user so that no block renders or logs a token by accident. */
export const userTokenAtom = atom<string | null>(null);
export const agencyUserAtom = atom<AgencyUser | null>(null);
export const agencyTokenAtom = atom<string | null>(null);
/** The recommender's bank details (SPEC 3); null when none is stored. */
export const bankDetailsAtom = atom<BankDetails | null>(null);
/** The reward-collection token (praemierungstoken) of a reward link; customer-number calls use it (SPEC 6). */
export const rewardTokenAtom = atom<string | null>(null);
/** True while a stored token is being checked at boot: guards wait instead of sending to login. */
export const sessionRestoringAtom = atom(false);
/** True right after an explicit logout, so the Logout page can show its confirmation. */
export const justLoggedOutAtom = atom(false);
/** The agency user logged out on this visit (AgencyLogout shows its confirmation). */
export const justLoggedOutAgencyAtom = atom(false);
