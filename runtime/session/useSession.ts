import { useAtomValue, useStore } from 'jotai';
import { useMemo } from 'react';
import type { LoginRequest } from '../../schemas/account.ts';
import type { AgencyLoginRequest, AgencySsoRequest, AgencySsoStart } from '../../schemas/agencySso.ts';
import { type AgencyUser, agencyUserAtom, type SessionUser, userAtom } from './sessionAtoms.ts';

export interface Session {
  /** The logged-in recommender, or null. */
  user: SessionUser | null;
  agencyUser: AgencyUser | null;
  /** Resolves with the logged-in user; rejects with ApiRequestError (SPEC 8 code) when the server refuses. */
  login: (credentials: LoginRequest) => Promise<SessionUser>;
  loginWithAdminToken: (token: string) => Promise<SessionUser>;
  loginAgency: (token: string) => Promise<AgencyUser>;
  /** The code and PKCE verifier of the agency's identity provider (PUT agentur/sso). */
  loginAgencySso: (body: AgencySsoRequest) => Promise<AgencyUser>;
  loginAgencyWithPassword: (credentials: AgencyLoginRequest) => Promise<AgencyUser>;
  /** Where the mandant's agencies sign in by SSO; null when they have no SSO. */
  agencySso: (language: string) => Promise<AgencySsoStart | null>;
  logout: () => Promise<void>;
  logoutAgency: () => Promise<void>;
}

/** The actions' code loads on first use: blocks that only read the user keep it off their pages. */
const actions = () => import('./sessionActions.ts');

/** The session for blocks: who is logged in, and the login and logout actions of SPEC 4. */
export function useSession(): Session {
  const store = useStore();
  const user = useAtomValue(userAtom);
  const agencyUser = useAtomValue(agencyUserAtom);
  const bound = useMemo(
    () => ({
      login: async (credentials: LoginRequest) => (await actions()).login(store, credentials),
      loginWithAdminToken: async (token: string) => (await actions()).loginWithAdminToken(store, token),
      loginAgency: async (token: string) => (await actions()).loginAgency(store, token),
      loginAgencySso: async (body: AgencySsoRequest) => (await actions()).loginAgencySso(store, body),
      loginAgencyWithPassword: async (credentials: AgencyLoginRequest) =>
        (await actions()).loginAgencyWithPassword(store, credentials),
      agencySso: async (language: string) => (await actions()).getAgencySso(language),
      logout: async () => (await actions()).logout(store),
      logoutAgency: async () => (await actions()).logoutAgency(store),
    }),
    [store],
  );
  return { user, agencyUser, ...bound };
}
