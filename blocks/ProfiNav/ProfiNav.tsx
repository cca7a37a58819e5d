import { useSession } from '../../runtime/index.ts';
import { AreaNav } from '../shared/AreaNav.tsx';
import { PROFI_SECTIONS } from '../shared/profi/profiSections.ts';
import type { ProfiNavProps } from './schema.ts';

/**
 * The profi-seller area's navigation (SPEC 2, issue 16): overview, orders, commissions, billing and my
 * area (blocks/shared/AreaNav.tsx). Nothing for a guest (the page's guard sends them to the login); an
 * account that is no seller sees the links and, on each page, the way to register.
 */
export function ProfiNav({ label = 'profi.nav.label' }: ProfiNavProps) {
  const { user } = useSession();
  if (!user) return null;
  return <AreaNav label={label} entries={PROFI_SECTIONS} />;
}
