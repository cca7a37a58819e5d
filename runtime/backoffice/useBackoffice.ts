import { useAtomValue, useStore } from 'jotai';
import { useCallback, useMemo } from 'react';
import type { BackofficeAbility } from '../../domain/backofficeAbilities.ts';
import type {
  BackofficeLoginRequest,
  BackofficeLoginStep,
  BackofficeTotpRequest,
} from '../../schemas/backoffice.ts';
import type { BackofficeSsoRequest, BackofficeSsoStart } from '../../schemas/backofficeSso.ts';
import { type BackofficeUser, backofficeRestoringAtom, backofficeUserAtom } from './backofficeAtoms.ts';

export interface Backoffice {
  /** The signed-in back-office user (name, e-mail, roles, abilities), or null. */
  user: BackofficeUser | null;
  /** True while this tab's stored session is being checked. */
  restoring: boolean;
  /** Whether the signed-in user's roles grant `ability`; false without a back-office session. */
  can: (ability: BackofficeAbility) => boolean;
  /** Step 1: e-mail and password → the challenge (and at the first sign-in the secret to set up). */
  login: (credentials: BackofficeLoginRequest) => Promise<BackofficeLoginStep>;
  /** Step 2: the authenticator's code for the challenge → the signed-in user. */
  verifyCode: (request: BackofficeTotpRequest) => Promise<BackofficeUser>;
  /** Where to sign in by single sign-on (GET backoffice/sso); null when the mandant has none. */
  sso: (language: string) => Promise<BackofficeSsoStart | null>;
  /** The provider's code and PKCE verifier (PUT backoffice/sso) → the signed-in user. */
  loginSso: (request: BackofficeSsoRequest) => Promise<BackofficeUser>;
  /** Ends the back-office session (server and tab); the other sessions stay. */
  logout: () => Promise<void>;
}

/** The actions' code (and the API client) loads on first use. */
const actions = () => import('./backofficeActions.ts');

/** The back office for blocks: who is signed in, what they may do, sign-in and sign-out (issue 15). */
export function useBackoffice(): Backoffice {
  const store = useStore();
  const user = useAtomValue(backofficeUserAtom);
  const restoring = useAtomValue(backofficeRestoringAtom);
  const can = useCallback(
    (ability: BackofficeAbility) => user?.Faehigkeiten.includes(ability) ?? false,
    [user],
  );
  const bound = useMemo(
    () => ({
      login: async (credentials: BackofficeLoginRequest) => (await actions()).loginBackoffice(credentials),
      verifyCode: async (request: BackofficeTotpRequest) =>
        (await actions()).verifyBackofficeCode(store, request),
      logout: async () => (await actions()).logoutBackoffice(store),
      sso: async (language: string) => (await import('./backofficeApi.ts')).getBackofficeSso(language),
      loginSso: async (request: BackofficeSsoRequest) => (await actions()).loginBackofficeSso(store, request),
    }),
    [store],
  );
  return { user, restoring, can, ...bound };
}
