import { RouteLink, useBackofficeSections, useRoute, useT } from '../../runtime/index.ts';
import styles from './BackofficeNav.module.css';
import type { BackofficeNavProps } from './schema.ts';

/**
 * The back office's navigation (issue 15): the start page, then exactly the sections whose ability the
 * signed-in user's roles grant and whose route the mandant has (domain/backofficeSections.ts), in that
 * order. The current page is marked with aria-current. On a phone the row scrolls sideways instead of
 * wrapping into a wall of buttons. Nothing without a back-office session (the guard sends to the sign-in).
 */
export function BackofficeNav({ label = 'backoffice.nav.label' }: BackofficeNavProps) {
  const t = useT();
  const route = useRoute();
  const sections = useBackofficeSections();
  if (sections.length === 0) return null;
  return (
    <nav className={styles.nav} aria-label={t(label)}>
      <div className="container">
        <ul className={styles.list}>
          {sections.map((section) => (
            <li key={section.route} className={styles.item}>
              <RouteLink
                to={section.route}
                className={styles.link}
                aria-current={route.name === section.route ? 'page' : undefined}
              >
                {t(section.label)}
              </RouteLink>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
