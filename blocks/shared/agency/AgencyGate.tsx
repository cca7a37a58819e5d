import type { ReactNode } from 'react';
import type { AgencyAbility } from '../../../domain/agencyAbilities.ts';
import { type AgencyUser, RouteLink, useSession, useT } from '../../../runtime/index.ts';
import styles from './Agency.module.css';

export interface AgencyContext {
  user: AgencyUser;
  agenturnummer: string;
  firma: string;
  can: (ability: AgencyAbility) => boolean;
}

/**
 * A section of the agency area for a user with `ability` (SPEC 6, domain/agencyAbilities.ts): its content
 * for one who has it, a translated notice (and the way back to the area's start) for one who has not —
 * the server would refuse the section's calls anyway. The page's guard sends a guest to the agency login
 * before this renders.
 */
export function AgencyGate({
  ability,
  children,
}: {
  ability: AgencyAbility;
  children: (agency: AgencyContext) => ReactNode;
}) {
  const t = useT();
  const { agencyUser } = useSession();
  if (!agencyUser) return null;
  const agentur = agencyUser.Agentur;
  if (!agentur || !agencyUser.Abilities.includes(ability)) {
    return (
      <div className={styles.notice} role="note">
        <p>{t(agentur ? 'agencyArea.notAllowed' : 'agencyArea.noAgency')}</p>
        <p>
          <RouteLink to="AgencyArea">{t('agencyArea.toOverview')}</RouteLink>
        </p>
      </div>
    );
  }
  return (
    <>
      {children({
        user: agencyUser,
        agenturnummer: agentur.Agenturnummer,
        firma: agentur.Firma,
        can: (other) => agencyUser.Abilities.includes(other),
      })}
    </>
  );
}
