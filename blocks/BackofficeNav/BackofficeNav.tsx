import { useBackofficeSections } from '../../runtime/index.ts';
import { AreaNav } from '../shared/AreaNav.tsx';
import type { BackofficeNavProps } from './schema.ts';

/**
 * The back office's navigation (issue 15, blocks/shared/AreaNav.tsx): the start page, then exactly the
 * sections whose ability the signed-in user's roles grant and whose route the mandant has
 * (domain/backofficeSections.ts), in that order. Nothing without a back-office session (the guard sends to
 * the sign-in).
 */
export function BackofficeNav({ label = 'backoffice.nav.label' }: BackofficeNavProps) {
  const sections = useBackofficeSections();
  if (sections.length === 0) return null;
  return <AreaNav label={label} entries={sections} />;
}
