import { ConsentSettingsLink } from '../consent/ConsentSettingsLink.tsx';
import { useT } from '../i18n/useT.ts';
import { RouteLink } from '../router/RouteLink.tsx';
import { hasRoute } from '../router/routeTable.ts';
import { useMandant, useRouteTable } from '../state/hooks.ts';
import { LEGAL_ROUTES } from './legalRoutes.ts';
import styles from './Shell.module.css';

/** Legal and service links (only routes the mandant has) and the programme's name. */
export function Footer() {
  const t = useT();
  const mandant = useMandant();
  const table = useRouteTable();
  const links = LEGAL_ROUTES.filter((name) => hasRoute(table, name));
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.footerInner}`}>
        {links.length > 0 && (
          <nav aria-label={t('runtime.footer.legal')}>
            <ul className={styles.legal}>
              {links.map((name) => (
                <li key={name}>
                  <RouteLink to={name}>{t(`pages.${name}.title`)}</RouteLink>
                </li>
              ))}
              {mandant.useInternalConsentManager === true && (
                <li>
                  <ConsentSettingsLink />
                </li>
              )}
            </ul>
          </nav>
        )}
        <p className={styles.owner}>© {mandant.name}</p>
      </div>
    </footer>
  );
}
