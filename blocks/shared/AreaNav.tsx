import { RouteLink, useRoute, useT } from '../../runtime/index.ts';
import styles from './AreaNav.module.css';

export interface AreaNavEntry {
  /** The route name the link leads to. */
  route: string;
  /** The i18n key of the link's text. */
  label: string;
}

/**
 * The one navigation of the logged-in areas (agency, profi-seller, back office): a labelled <nav> with the
 * area's sections as route links, the current page marked with aria-current. Each area's block decides
 * which entries its user has (abilities, session) and renders nothing without a login.
 */
export function AreaNav({ label, entries }: { label: string; entries: readonly AreaNavEntry[] }) {
  const t = useT();
  const route = useRoute();
  return (
    <nav className={styles.nav} aria-label={t(label)}>
      <div className="container">
        <ul className={styles.list}>
          {entries.map((entry) => (
            <li key={entry.route} className={styles.item}>
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
