import { RouteLink } from '../router/RouteLink.tsx';
import { useMandant } from '../state/hooks.ts';
import { useAssetUrl } from '../theme/useAssetUrl.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import styles from './Shell.module.css';

/** Logo (linking home, named by the mandant's name) and the language switch. */
export function Header() {
  const mandant = useMandant();
  const logo = mandant.theme?.logo;
  const logoSrc = useAssetUrl(logo?.src ?? '');
  return (
    <header className={styles.header}>
      <div className={`container ${styles.bar}`}>
        <RouteLink to="Homepage" className={styles.brand}>
          {logo ? (
            <img
              src={logoSrc}
              alt={mandant.name}
              className={styles.logo}
              {...(logo.width ? { width: logo.width } : {})}
              {...(logo.height ? { height: logo.height } : {})}
            />
          ) : (
            <span className={styles.brandName}>{mandant.name}</span>
          )}
        </RouteLink>
        <LanguageSwitch />
      </div>
    </header>
  );
}
