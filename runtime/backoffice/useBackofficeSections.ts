import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { type BackofficeSection, backofficeSectionsFor } from '../../domain/backofficeSections.ts';
import { hasRoute } from '../router/routeTable.ts';
import { useRouteTable } from '../state/hooks.ts';
import { backofficeUserAtom } from './backofficeAtoms.ts';

/**
 * The sections the signed-in back-office user may open, in the navigation's order: those their roles grant
 * and the mandant has a route for. Empty without a back-office session.
 */
export function useBackofficeSections(): BackofficeSection[] {
  const user = useAtomValue(backofficeUserAtom);
  const table = useRouteTable();
  return useMemo(
    () => (user ? backofficeSectionsFor(user.Faehigkeiten, (route) => hasRoute(table, route)) : []),
    [user, table],
  );
}
