import { atom } from 'jotai';
import type { BackofficeUserResponse } from '../../schemas/backoffice.ts';

/** The signed-in back-office user as blocks see it: name, e-mail, roles and abilities, without the token. */
export type BackofficeUser = BackofficeUserResponse;

export const backofficeUserAtom = atom<BackofficeUser | null>(null);
/** Kept apart from the user so that no block renders or logs the token by accident (ADR 0007). */
export const backofficeTokenAtom = atom<string | null>(null);
/** True while this tab's stored back-office token is being checked: the guard waits instead of sending to sign-in. */
export const backofficeRestoringAtom = atom(false);
/** The back-office user signed out on this visit: BackofficeLogout shows its confirmation. */
export const justLoggedOutBackofficeAtom = atom(false);
