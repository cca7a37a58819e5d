import { useAtomValue } from 'jotai';
import {
  backofficeRestoringAtom,
  backofficeUserAtom,
  justLoggedOutBackofficeAtom,
} from '../backoffice/backofficeAtoms.ts';
import type { SessionFacts } from '../router/guards/Guard.ts';
import {
  agencyUserAtom,
  justLoggedOutAgencyAtom,
  justLoggedOutAtom,
  sessionRestoringAtom,
  userAtom,
} from './sessionAtoms.ts';

/** What the guards need to know about the session (SPEC 4, login states). */
export function useSessionFacts(): SessionFacts {
  return {
    user: useAtomValue(userAtom) !== null,
    agency: useAtomValue(agencyUserAtom) !== null,
    restoring: useAtomValue(sessionRestoringAtom),
    justLoggedOut: useAtomValue(justLoggedOutAtom),
    justLoggedOutAgency: useAtomValue(justLoggedOutAgencyAtom),
    backoffice: useAtomValue(backofficeUserAtom)?.Faehigkeiten ?? null,
    backofficeRestoring: useAtomValue(backofficeRestoringAtom),
    justLoggedOutBackoffice: useAtomValue(justLoggedOutBackofficeAtom),
  };
}
