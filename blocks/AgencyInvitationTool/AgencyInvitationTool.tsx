import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useT } from '../../runtime/index.ts';
import styles from '../shared/agency/Agency.module.css';
import { AgencyGate } from '../shared/agency/AgencyGate.tsx';
import { AgencyReportTable } from '../shared/agency/AgencyReportTable.tsx';
import tabs from './AgencyInvitationTool.module.css';
import { InvitationForm } from './InvitationForm.tsx';
import { InvitationOverview } from './InvitationOverview.tsx';
import type { AgencyInvitationToolProps } from './schema.ts';

/** The tool's tabs (issue 14): invitation form, invitations, recommenders, leads, status and release, overview. */
export const INVITATION_TABS = [
  'form',
  'invitations',
  'recommenders',
  'leads',
  'release',
  'overview',
] as const;
type Tab = (typeof INVITATION_TABS)[number];

/**
 * The invitation tool (SPEC 2 agency area, ability `invitations`): tabs after the WAI-ARIA pattern (arrow
 * keys move between them, Home and End to the ends), each panel a form or a list in the one table.
 */
export function AgencyInvitationTool({
  headline = 'agencyArea.invitationTool.headline',
}: AgencyInvitationToolProps) {
  const t = useT();
  const id = useId();
  const [current, setCurrent] = useState<Tab>('form');
  const refs = useRef(new Map<Tab, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = INVITATION_TABS.indexOf(current);
    const last = INVITATION_TABS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % INVITATION_TABS.length
        : event.key === 'ArrowLeft'
          ? (index + last) % INVITATION_TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = INVITATION_TABS[next] ?? 'form';
    setCurrent(tab);
    refs.current.get(tab)?.focus();
  }

  return (
    <section className={styles.section} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline)}</h1>
        <AgencyGate ability="invitations">
          {(agency) => (
            <>
              <div role="tablist" aria-label={t('agencyArea.invitationTool.tabs')} className={tabs.tablist}>
                {INVITATION_TABS.map((tab) => (
                  <button
                    key={tab}
                    ref={(element) => {
                      if (element) refs.current.set(tab, element);
                      else refs.current.delete(tab);
                    }}
                    type="button"
                    role="tab"
                    id={`${id}-tab-${tab}`}
                    aria-controls={`${id}-panel-${tab}`}
                    aria-selected={current === tab}
                    tabIndex={current === tab ? 0 : -1}
                    className={tabs.tab}
                    onClick={() => setCurrent(tab)}
                    onKeyDown={onKeyDown}
                  >
                    {t(`agencyArea.invitationTool.tab.${tab}`)}
                  </button>
                ))}
              </div>
              <div
                role="tabpanel"
                id={`${id}-panel-${current}`}
                aria-labelledby={`${id}-tab-${current}`}
                className={tabs.panel}
              >
                {current === 'form' && <InvitationForm />}
                {current === 'invitations' && (
                  <AgencyReportTable kind="invitations" agenturnummer={agency.agenturnummer} />
                )}
                {current === 'recommenders' && (
                  <AgencyReportTable kind="recommendations" agenturnummer={agency.agenturnummer} />
                )}
                {current === 'leads' && (
                  <AgencyReportTable kind="leads" agenturnummer={agency.agenturnummer} />
                )}
                {current === 'release' && (
                  <AgencyReportTable kind="orders" agenturnummer={agency.agenturnummer} release />
                )}
                {current === 'overview' && <InvitationOverview agenturnummer={agency.agenturnummer} />}
              </div>
            </>
          )}
        </AgencyGate>
      </div>
    </section>
  );
}
