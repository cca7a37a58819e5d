import { useStore } from 'jotai';
import { useT } from '../i18n/useT.ts';
import { rewriteLocale } from '../router/localePath.ts';
import { Link, useLocation } from '../router/navigation/index.ts';
import { userAtom } from '../session/sessionAtoms.ts';
import { useLanguage, useLanguages } from '../state/hooks.ts';
import styles from './Shell.module.css';

/**
 * The offered languages as links: each rewrites the locale segment of the current path and keeps the
 * query, so the switch works with the keyboard, without JavaScript state and in a new tab.
 */
export function LanguageSwitch() {
  const t = useT();
  const languages = useLanguages();
  const current = useLanguage();
  const location = useLocation();
  const store = useStore();
  if (languages.length < 2) return null;
  // SPEC 2: a logged-in user's choice is told to the server too (the URL and storage follow the locale).
  const remember = (code: string) => {
    if (code !== current && store.get(userAtom))
      void import('../session/sessionActions.ts').then(({ rememberLanguage }) =>
        rememberLanguage(store, code),
      );
  };
  return (
    <nav aria-label={t('runtime.languageSwitch.label')}>
      <ul className={styles.languages}>
        {languages.map(({ code, label }) => (
          <li key={code}>
            <Link
              to={rewriteLocale(location, code)}
              lang={code}
              hrefLang={code}
              aria-current={code === current ? 'true' : undefined}
              className={styles.language}
              onClick={() => remember(code)}
            >
              {label ?? t(`runtime.language.${code}`, { defaultValue: code.toUpperCase() })}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
