import { agencySectionsFor, useSession } from '../../runtime/index.ts';
import { AreaNav } from '../shared/AreaNav.tsx';
import type { AgencyNavProps } from './schema.ts';

/**
 * The agency area's navigation (SPEC 2, blocks/shared/AreaNav.tsx): the area's start, then exactly the
 * sections whose ability the logged-in agency user has (order report, invitation tool, recommender report,
 * employees, rewards, reward plan, invoices, master data, statistics). Nothing for a visitor without an
 * agency login (the page's guard sends them to the agency login).
 */
export function AgencyNav({ label = 'agencyArea.nav.label' }: AgencyNavProps) {
  const { agencyUser } = useSession();
  if (!agencyUser) return null;
  return (
    <AreaNav
      label={label}
      entries={[
        { route: 'AgencyArea', label: 'agencyArea.nav.AgencyArea' },
        ...agencySectionsFor(agencyUser.Abilities),
      ]}
    />
  );
}
