import { agencySectionsFor, RouteLink, useRoute, useSession, useT } from '../../runtime/index.ts';
import styles from './AgencyNav.module.css';
import type { AgencyNavProps } from './schema.ts';

/**
 * The agency area's navigation (SPEC 2): the area's start, then exactly the sections whose ability the
 * logged-in agency user has (order report, invitation tool, recommender report, employees, rewards, reward
 * plan, invoices, master data, statistics). The current page is marked with aria-current. Nothing for a
 * visitor without an agency login (the page's guard sends them to the agency login).
 */
export function AgencyNav({ label = 'agencyArea.nav.label' }: AgencyNavProps) {
  const t = useT();
  const route = useRoute();
  const { agencyUser } = useSession();
  if (!agencyUser) return null;
  const entries = [
    { route: 'AgencyArea', label: 'agencyArea.nav.AgencyArea' },
    ...agencySectionsFor(agencyUser.Abilities),
  ];
  return (
    <nav className={styles.nav} aria-label={t(label)}>
      <div className="container">
        <ul className={styles.list}>
          {entries.map((entry) => (
            <li key={entry.route}>
              <RouteLink
                to={entry.route}
                className={styles.link}
                aria-current={route.name === entry.route ? 'page' : undefined}
              >
                {t(entry.label)}
              </RouteLink>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
