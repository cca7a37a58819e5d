import { RouteLink, useRoute, useSession, useT } from '../../runtime/index.ts';
import { PROFI_SECTIONS } from '../shared/profi/profiSections.ts';
import styles from './ProfiNav.module.css';
import type { ProfiNavProps } from './schema.ts';

/**
 * The profi-seller area's navigation (SPEC 2, issue 16): overview, orders, commissions, billing and my
 * area. The current page is marked with aria-current. Nothing for a guest (the page's guard sends them to
 * the login); an account that is no seller sees the links and, on each page, the way to register.
 */
export function ProfiNav({ label = 'profi.nav.label' }: ProfiNavProps) {
  const t = useT();
  const route = useRoute();
  const { user } = useSession();
  if (!user) return null;
  return (
    <nav className={styles.nav} aria-label={t(label)}>
      <div className="container">
        <ul className={styles.list}>
          {PROFI_SECTIONS.map((entry) => (
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
