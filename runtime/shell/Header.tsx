import { useAtomValue } from 'jotai';
import { backofficeRestoringAtom, backofficeUserAtom } from '../backoffice/backofficeAtoms.ts';
import { useT } from '../i18n/useT.ts';
import { RouteLink } from '../router/RouteLink.tsx';
import { agencyUserAtom, sessionRestoringAtom, userAtom } from '../session/sessionAtoms.ts';
import { useSession } from '../session/useSession.ts';
import { useMandant } from '../state/hooks.ts';
import { useAssetUrl } from '../theme/useAssetUrl.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import styles from './Shell.module.css';

/**
 * "Log in" for guests, "my area" (the personal area) and "log out" for a logged-in recommender (SPEC 2,
 * Login, Dashboard and Logout). A logged-in agency user gets their name (linking the agency area) and
 * "log out" for the agency instead of "log in" (issue 14); with both sessions the agency's logout says so.
 * A signed-in back-office user (issue 15) gets their name (linking the back office) and the back office's
 * sign-out page, and no recommender "log in" beside it.
 * Nothing while a stored session is being restored, so a returning user never sees "log in" flash first.
 * A mandant without the route gets no link (RouteLink renders nothing).
 */
function AccountLink() {
  const t = useT();
  const user = useAtomValue(userAtom);
  const agencyUser = useAtomValue(agencyUserAtom);
  const backofficeUser = useAtomValue(backofficeUserAtom);
  const restoring = useAtomValue(sessionRestoringAtom);
  const restoringBackoffice = useAtomValue(backofficeRestoringAtom);
  const { logoutAgency } = useSession();
  if (restoring || restoringBackoffice) return null;
  return (
    <nav aria-label={t('runtime.header.account')}>
      {user && (
        <>
          <RouteLink to="Dashboard" className={styles.language}>
            {t('runtime.header.dashboard')}
          </RouteLink>
          <RouteLink to="Logout" className={styles.language}>
            {t('runtime.header.logout')}
          </RouteLink>
        </>
      )}
      {agencyUser && (
        <>
          <RouteLink
            to="AgencyArea"
            className={styles.language}
            aria-label={t('runtime.header.agencyArea', { name: agencyUser.Name })}
          >
            {agencyUser.Name}
          </RouteLink>
          <button
            type="button"
            className={`${styles.language} ${styles.accountButton}`}
            onClick={() => void logoutAgency()}
          >
            {user ? t('runtime.header.agencyLogout') : t('runtime.header.logout')}
          </button>
        </>
      )}
      {backofficeUser && (
        <>
          <RouteLink
            to="BackofficeHome"
            className={styles.language}
            aria-label={t('runtime.header.backoffice', { name: backofficeUser.Name })}
          >
            {backofficeUser.Name}
          </RouteLink>
          <RouteLink to="BackofficeLogout" className={styles.language}>
            {t('runtime.header.backofficeLogout')}
          </RouteLink>
        </>
      )}
      {!user && !agencyUser && !backofficeUser && (
        <RouteLink to="Login" className={styles.language}>
          {t('runtime.header.login')}
        </RouteLink>
      )}
    </nav>
  );
}

/** Logo (linking home, named by the mandant's name), the language switch and the account link. */
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
        {/* The language list's flex row and link look, shared by the account link beside it. */}
        <div className={styles.languages}>
          <LanguageSwitch />
          <AccountLink />
        </div>
      </div>
    </header>
  );
}
